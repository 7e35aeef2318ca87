import { useRouter } from "@tanstack/react-router";
import { CalendarDays, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { m } from "../../../../common/messages";
import { Alert } from "../../../components/form";

/**
 * The private calendar address on the user's own profile: subscribe to it in a phone's calendar
 * to see every event you are going to. "Make a new address" revokes the old one.
 */
export function CalendarFeed() {
  const t = m.events;
  const { api } = useRouter().options.context;
  const [url, setUrl] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get<{ url: string }>("/api/users/me/calendar-feed")
      .then((r) => setUrl(r.url))
      .catch((e: Error) => setError(e.message));
  }, [api]);

  const regenerate = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<{ url: string }>("/api/users/me/calendar-feed");
      setUrl(r.url);
      setNote(t.calendarFeedRegenerated);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setNote(t.calendarFeedCopied);
    } catch {
      // No clipboard (an old browser, an insecure origin): the address stays selectable.
    }
  };

  return (
    <div className="card-panel calendar-feed" data-testid="calendar-feed">
      <h2 className="profile__section-title">
        <CalendarDays aria-hidden="true" size={18} /> {t.calendarFeedTitle}
      </h2>
      <p className="field__hint" id="calendar-feed-help">
        {t.calendarFeedHelp}
      </p>
      {url ? (
        <input
          className="input calendar-feed__url"
          readOnly
          value={url}
          aria-label={t.calendarFeedTitle}
          aria-describedby="calendar-feed-help"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="calendar-feed-url"
        />
      ) : null}
      <div className="calendar-feed__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={copy}
          disabled={!url}
        >
          {t.calendarFeedCopy}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={regenerate}
          disabled={busy}
          data-testid="calendar-feed-regenerate"
        >
          <RefreshCw aria-hidden="true" size={16} /> {t.calendarFeedRegenerate}
        </button>
      </div>
      {note ? (
        <p className="field__hint" role="status">
          {note}
        </p>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}
