import { useCallback, useState } from "react";
import type {
  NotificationSettings,
  NotificationSettingsUpdate,
} from "../../common/api/notification-settings";
import { errorText, useApi, useResource } from "./use-resource";

const KEY = ["users", "me", "notification-settings"];
const PATH = "/api/users/me/notification-settings";

/**
 * The caller's settings document (who can message, quiet hours, digest, kinds, muted clubs):
 * one cache entry for every screen that shows part of it, so a change saved on one shows on the
 * others. `put` sends only the keys changed and keeps the answer; `save` does the same with a
 * busy flag and a status line in this screen's words.
 */
export function useNotificationSettings(fallback: string) {
  const api = useApi();
  const settings = useResource(KEY, (a) => a.get<NotificationSettings>(PATH), { fallback });
  const { setData } = settings;
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const put = useCallback(
    async (changes: NotificationSettingsUpdate) => {
      const next = await api.put<NotificationSettings>(PATH, { json: changes });
      setData(next);
      return next;
    },
    [api, setData],
  );

  const save = async (changes: NotificationSettingsUpdate, words: { saved: string; failed: string }) => {
    setBusy(true);
    setStatus(null);
    try {
      await put(changes);
      setStatus({ ok: true, text: words.saved });
    } catch (cause) {
      setStatus({ ok: false, text: errorText(cause, words.failed) });
    } finally {
      setBusy(false);
    }
  };

  return { settings, put, save, busy, status, setStatus };
}
