import { useRouter } from "@tanstack/react-router";
import CalendarDays from "lucide-react/icons/calendar-days";
import RefreshCw from "lucide-react/icons/refresh-cw";
import { useState } from "react";
import type { CalendarFeedUrl } from "../../../../common/api/events";
import { m } from "../../../../common/messages";
import { askToConfirm } from "../../../components/confirm-host";
import { Alert } from "../../../components/form";
import { useResource } from "../../../lib/use-resource";

/**
 * The private calendar address on the user's own profile: subscribe to it in a phone's calendar
 * to see every event you are going to. "Make a new address" revokes the old one, after a
 * question that says so (a calendar app subscribed to it stops updating); a password change
 * revokes it too, and a log-out does not (the address is the calendar app's, not a browser's).
 */
export function CalendarFeed() {
  const t = m.events;
  const { api } = useRouter().options.context;
  const feed = useResource(["users", "me", "calendar-feed"], (a) =>
    a.get<CalendarFeedUrl>("/api/users/me/calendar-feed"),
  );
  const url = feed.data?.url ?? null;
  const setUrl = (next: string) => feed.setData({ url: next });
  const [note, setNote] = useState<string | null>(null);
  const [actionError, setError] = useState<string | null>(null);
  const error = actionError ?? feed.error;
  const [busy, setBusy] = useState(false);

  const regenerate = async () => {
    const sure = await askToConfirm({
      title: t.calendarFeedRegenerateTitle,
      message: t.calendarFeedRegenerateConfirm,
      confirmLabel: t.calendarFeedRegenerateYes,
    });
    if (!sure) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<CalendarFeedUrl>("/api/users/me/calendar-feed");
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
