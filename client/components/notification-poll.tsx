import { useNotificationPoll } from "../lib/shared-data";

/** Polls the unread count for this session (loaded by ./notification-poller.tsx). */
export function NotificationPoll({ token }: { token: string }) {
  useNotificationPoll(token);
  return null;
}
