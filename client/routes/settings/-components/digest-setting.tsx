import { useQueryClient } from "@tanstack/react-query";
import Mail from "lucide-react/icons/mail";
import { useState } from "react";
import type { NotificationSettings } from "../../../../common/api/notification-settings";
import { m } from "../../../../common/messages";
import { Alert } from "../../../components/form";
import { errorText, useApi, useResource } from "../../../lib/use-resource";

const KEY = ["users", "me", "notification-settings"];

/**
 * "Weekly e-mail digest" on the user's own profile: a switch that saves as soon as it is
 * flipped (the same `digest` key the digest's unsubscribe link turns off).
 */
export function DigestSetting() {
  const t = m.contactSettings;
  const api = useApi();
  const queryClient = useQueryClient();
  const settings = useResource(
    KEY,
    (a) => a.get<NotificationSettings>("/api/users/me/notification-settings"),
    {
      fallback: t.failedLoad,
    },
  );
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const on = settings.data?.digest;

  const save = async (digest: boolean) => {
    setBusy(true);
    setStatus(null);
    try {
      const next = await api.put<NotificationSettings>("/api/users/me/notification-settings", {
        json: { digest },
      });
      queryClient.setQueryData(KEY, next);
      setStatus({ ok: true, text: t.saved });
    } catch (cause) {
      setStatus({ ok: false, text: errorText(cause, t.failedSave) });
    } finally {
      setBusy(false);
    }
  };

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
