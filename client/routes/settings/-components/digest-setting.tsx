import Mail from "lucide-react/icons/mail";
import { m } from "../../../../common/messages";
import { Alert } from "../../../components/form";
import { useNotificationSettings } from "../../../lib/notification-settings";

/**
 * "Weekly e-mail digest" on the user's own profile: a switch that saves as soon as it is
 * flipped (the same `digest` key the digest's unsubscribe link turns off).
 */
export function DigestSetting() {
  const t = m.contactSettings;
  const { settings, save: saveSettings, busy, status } = useNotificationSettings(t.failedLoad);
  const on = settings.data?.digest;
  const save = (digest: boolean) => saveSettings({ digest }, { saved: t.saved, failed: t.failedSave });

  return (
    <div className="card-panel digest-setting" data-testid="digest-setting">
      {settings.error && !settings.data ? <Alert>{settings.error}</Alert> : null}
      <label className="checkbox digest-setting__switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={on ?? false}
          aria-describedby="digest-setting-hint"
          checked={on ?? false}
          disabled={on === undefined || busy}
          onChange={(event) => void save(event.target.checked)}
        />
        <span className="digest-setting__label">
          <Mail aria-hidden="true" size={18} /> {t.digestTitle}
        </span>
      </label>
      <p className="field__hint" id="digest-setting-hint">
        {t.digestHint}
      </p>
      <span className={status && !status.ok ? "who-can-message__status--error" : undefined} role="status">
        {status?.text ?? ""}
      </span>
    </div>
  );
}
