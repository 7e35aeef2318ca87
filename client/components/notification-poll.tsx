import { useNoticeCountPoll, useNotificationPoll } from "../lib/shared-data";

/** Polls the unread count and the bell's numbers for this session (loaded by ./notification-poller.tsx). */
export function NotificationPoll({ token }: { token: string }) {
  useNotificationPoll(token);
  useNoticeCountPoll(token);
  return null;
}
