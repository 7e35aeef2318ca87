import { useRouter } from "@tanstack/react-router";
import Bell from "lucide-react/icons/bell";
import { useEffect, useState } from "react";
import type { QuietHours } from "../../../../common/api/notification-settings";
import { m } from "../../../../common/messages";
import { Alert } from "../../../components/form";
import { ApiError } from "../../../lib/api";
import { useNotificationSettings } from "../../../lib/notification-settings";
import { type PushState, readPushState, turnPushOff, turnPushOn } from "../../../lib/push";

const DEFAULT_QUIET: QuietHours = { start: "21:00", end: "07:00" };

/**
 * Push on this device and quiet hours: a self-contained block, so the notification centre's
 * settings page can place it among its per-kind switches.
 */
export function PushSettings() {
  return (
    <div className="push-settings" data-testid="push-settings">
      <PushSwitch />
      <QuietHoursEditor />
    </div>
  );
}

function PushSwitch() {
  const t = m.pushUi;
  const { api } = useRouter().options.context;
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void readPushState().then(setState, () => setState("unsupported"));
  }, []);

  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      setState(state === "on" ? await turnPushOff(api) : await turnPushOn(api));
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : t.failed);
    } finally {
      setBusy(false);
    }
  };

  const text = { on: t.on, off: t.off, denied: t.denied, unsupported: t.unsupported };
  return (
    <section className="card-panel" aria-labelledby="push-switch-title">
      <h2 id="push-switch-title" className="profile__section-title">
        <Bell aria-hidden="true" size={18} /> {t.title}
      </h2>
      <p role="status">{state ? text[state] : m.shellCommon.loading}</p>
      {error ? (
        <p className="push-settings__error" role="alert">
          {error}
        </p>
      ) : null}
      {state === "on" || state === "off" ? (
        <button
          type="button"
          className="button button--primary button--small"
          aria-pressed={state === "on"}
          disabled={busy}
          onClick={toggle}
        >
          {busy ? t.working : state === "on" ? t.turnOff : t.turnOn}
        </button>
      ) : null}
    </section>
  );
}

function QuietHoursEditor() {
  const t = m.pushUi;
  const { settings, save: saveSettings, busy, status, setStatus } = useNotificationSettings(t.failed);
  const [draft, setDraft] = useState<{ on: boolean; quiet: QuietHours } | null>(null);
  const saved = settings.data?.quiet_hours;
  useEffect(() => {
    if (saved !== undefined)
      setDraft((current) => current ?? { on: saved !== null, quiet: saved ?? DEFAULT_QUIET });
  }, [saved]);

  const save = async () => {
    if (!draft) return;
    await saveSettings(
      { quiet_hours: draft.on ? draft.quiet : null },
      { saved: t.quietSaved, failed: t.failed },
    );
  };

  const change = (patch: Partial<{ on: boolean } & QuietHours>) => {
    setStatus(null);
    setDraft((current) => {
      if (!current) return current;
      const { on, ...times } = patch;
      return { on: on ?? current.on, quiet: { ...current.quiet, ...times } };
    });
  };

  return (
    <form
      className="card-panel"
      aria-labelledby="quiet-hours-title"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id="quiet-hours-title" className="profile__section-title">
        {t.quietTitle}
      </h2>
      <p className="field__hint">{t.quietHint}</p>
      {settings.error && !settings.data ? <Alert>{settings.error}</Alert> : null}
      <fieldset disabled={!draft || busy} className="push-settings">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft?.on ?? false}
            onChange={(e) => change({ on: e.target.checked })}
          />
          <span>{t.quietOn}</span>
        </label>
        <div className="push-settings__times">
          <label className="field">
            <span className="field__label">{t.quietStart}</span>
            <input
              type="time"
              className="input"
              required
              disabled={!draft?.on}
              value={draft?.quiet.start ?? ""}
              onChange={(e) => change({ start: e.target.value })}
            />
          </label>
          <label className="field">
            <span className="field__label">{t.quietEnd}</span>
            <input
              type="time"
              className="input"
              required
              disabled={!draft?.on}
              value={draft?.quiet.end ?? ""}
              onChange={(e) => change({ end: e.target.value })}
            />
          </label>
        </div>
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button button--primary button--small" disabled={!draft || busy}>
          {busy ? t.working : t.quietSave}
        </button>
        <span className={status && !status.ok ? "push-settings__error" : undefined} role="status">
          {status?.text ?? ""}
        </span>
      </div>
    </form>
  );
}
