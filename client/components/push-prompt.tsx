import { useRouter } from "@tanstack/react-router";
import BellRing from "lucide-react/icons/bell-ring";
import { useEffect, useState } from "react";
import { m } from "../../common/messages";
import { ApiError } from "../lib/api";
import {
  isPushSupported,
  onPushOffer,
  readPushState,
  rememberNotNow,
  saidNotNowRecently,
  turnPushOn,
} from "../lib/push";
import { useSession } from "./session-provider";

/**
 * The short explanation shown before the browser's permission prompt, and only after a
 * meaningful action (offerPush): never on first load, never again soon after "Not now", never
 * when push is already on or blocked.
 */
export function PushPrompt() {
  const t = m.pushUi;
  const { token } = useSession();
  const { api } = useRouter().options.context;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (token === null || !isPushSupported()) return;
    return onPushOffer(() => {
      if (saidNotNowRecently()) return;
      void readPushState().then((state) => {
        if (state === "off") setOpen(true);
      });
    });
  }, [token]);

  if (!open || token === null) return null;

  const allow = async () => {
    setBusy(true);
    setError(null);
    try {
      const state = await turnPushOn(api);
      if (state === "on" || state === "denied") setOpen(false);
    } catch (cause) {
      // A browser error (no push service reachable) is not worded for people: say it our way.
      setError(cause instanceof ApiError ? cause.message : t.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card-panel push-prompt" aria-labelledby="push-prompt-title" data-testid="push-prompt">
      <h2 id="push-prompt-title" className="push-prompt__title">
        <BellRing aria-hidden="true" size={18} /> {t.explainTitle}
      </h2>
      <p className="push-prompt__text">{t.explain}</p>
      {error ? (
        <p className="push-prompt__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={allow}
        >
          {busy ? t.working : t.allow}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            rememberNotNow();
            setOpen(false);
          }}
        >
          {t.notNow}
        </button>
      </div>
    </section>
  );
}
