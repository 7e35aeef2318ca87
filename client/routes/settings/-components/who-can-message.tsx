import MessageCircleOff from "lucide-react/icons/message-circle-off";
import { useEffect, useState } from "react";
import { WHO_CAN_MESSAGE, type WhoCanMessage } from "../../../../common/api/notification-settings";
import { m } from "../../../../common/messages";
import { Alert } from "../../../components/form";
import { useNotificationSettings } from "../../../lib/notification-settings";

const HINTS = { everyone: "everyoneHint", clubs: "clubsHint", nobody: "nobodyHint" } as const;

/**
 * "Who can message you" on the user's own profile: everyone (strangers arrive as message
 * requests), people from my clubs, or nobody. The choice is saved with Save, so moving through
 * the options with the arrow keys saves nothing by accident.
 */
export function WhoCanMessageSetting() {
  const t = m.contactSettings;
  const { settings, save: saveSettings, busy, status, setStatus } = useNotificationSettings(t.failedLoad);
  const saved = settings.data?.who_can_message;
  const [choice, setChoice] = useState<WhoCanMessage | null>(null);
  useEffect(() => {
    if (saved) setChoice((current) => current ?? saved);
  }, [saved]);

  const save = async () => {
    if (!choice) return;
    await saveSettings({ who_can_message: choice }, { saved: t.saved, failed: t.failedSave });
  };

  return (
    <form
      className="card-panel who-can-message"
      data-testid="who-can-message"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset className="radio-group" disabled={!choice || busy}>
        <legend className="profile__section-title">
          <MessageCircleOff aria-hidden="true" size={18} /> {t.title}
        </legend>
        <p className="field__hint">{t.intro}</p>
        {settings.error && !settings.data ? <Alert>{settings.error}</Alert> : null}
        {WHO_CAN_MESSAGE.map((value) => (
          <label key={value} className="radio who-can-message__option">
            <input
              type="radio"
              name="who_can_message"
              value={value}
              checked={choice === value}
              onChange={() => {
                setChoice(value);
                setStatus(null);
              }}
            />
            <span>
              <span className="who-can-message__label">{t[value]}</span>
              <span className="field__hint">{t[HINTS[value]]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="button-row who-can-message__actions">
        <button
          type="submit"
          className="button button--primary button--small"
          disabled={!choice || busy || choice === saved}
        >
          {busy ? t.saving : t.save}
        </button>
        <span className={status && !status.ok ? "who-can-message__status--error" : undefined} role="status">
          {status?.text ?? ""}
        </span>
      </div>
    </form>
  );
}
