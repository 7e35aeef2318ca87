import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { startLive, stopLive } from "../lib/live/live-state";
import { noticeCountKey } from "../lib/notice-count";
import { useNoticeCountPoll, useNotificationPoll } from "../lib/shared-data";
import { unreadKey } from "../lib/unread-count";

/**
 * The unread count and the bell's numbers for this session (loaded by ./notification-poller.tsx):
 * sent by the live connection while it is up, polled while it is not.
 */
export function NotificationPoll({ token }: { token: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopListening = startLive(token, {
      badge: (count) => queryClient.setQueryData(unreadKey(token), count),
      notice: (counts) => queryClient.setQueryData(noticeCountKey(token), counts),
    });
    return () => {
      stopListening();
      stopLive();
    };
  }, [token, queryClient]);
  useNotificationPoll(token);
  useNoticeCountPoll(token);
  return null;
}
