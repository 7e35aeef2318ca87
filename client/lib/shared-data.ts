import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { MyConnections } from "../../common/api/connections";
import type { NoticeCounts } from "../../common/api/notices";
import { askLiveCounts, useLiveUp } from "./live/live-state";
import { noticeCountKey } from "./notice-count";
import { createPollCache } from "./poll-cache";
import { unreadKey } from "./unread-count";
import { useApi, useResource } from "./use-resource";

/**
 * Server data that several screens show, read through the shared query cache so each is
 * fetched once and shared: the unread count (the badge) and "my connections" (Connections,
 * My Clubs, Recruiting).
 */
const NOTIFICATION_POLL_MS = 10_000;

// The badge's last answer and ETag: an unchanged count costs a bodiless 304.
const unreadPoll = createPollCache();

/**
 * Polls GET /api/notifications (a plain number) now and every 10 s while signed in (spec
 * section 8: failures are silent, the last count stays). Call it once per tab: the root layout
 * (client/components/notification-poller.tsx); the badge reads the result (./unread-count.ts).
 */
export function useNotificationPoll(token: string | null): void {
  const api = useApi();
  const live = useLiveUp();
  useQuery({
    queryKey: unreadKey(token),
    queryFn: async () => {
      const { data: value } = await unreadPoll<unknown>(api, "/api/notifications", { token });
      const n = typeof value === "number" ? value : Number(value);
      if (!Number.isFinite(n)) throw new Error("not a count");
      return Math.max(0, Math.floor(n));
    },
    enabled: token !== null,
    // While the live connection is up it sends the number when it changes: no poll.
    refetchInterval: live ? false : NOTIFICATION_POLL_MS,
    // Nothing while the tab is hidden; once at once when it is shown again.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: !live,
  });
}

// The bell's last answer and ETag (GET /api/notifications/notices/count), apart from the badge's.
const noticeCountPoll = createPollCache();

/**
 * Polls the bell's numbers with the badge's rhythm (every 10 s while shown; a 304 while nothing
 * changed). Apart from GET /api/notifications, whose number and polling stay as the spec says.
 */
export function useNoticeCountPoll(token: string | null): void {
  const api = useApi();
  const live = useLiveUp();
  useQuery({
    queryKey: noticeCountKey(token),
    queryFn: async () => {
      const { data } = await noticeCountPoll<NoticeCounts>(api, "/api/notifications/notices/count", {
        token,
      });
      return {
        unread: Number(data.unread) || 0,
        join_requests: Number(data.join_requests) || 0,
        connection_notices: Number(data.connection_notices) || 0,
      };
    },
    enabled: token !== null,
    refetchInterval: live ? false : NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: !live,
  });
}

/**
 * Re-reads every number the top bar and the tabs show now (after reading a chat, answering a
 * request or opening Connections): the spec's badge and the bell's numbers move together, so
 * the menu, the bell, the Chats tab and the Requests tab agree without a reload. While the live
 * connection is up it is asked to send both new numbers (badge and notice frames) instead: a REST
 * answer could arrive after a newer frame and put an older number back.
 */
export function useRefreshNotificationCount(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (askLiveCounts()) return;
    void queryClient.invalidateQueries({ queryKey: ["notifications"] });
    void queryClient.invalidateQueries({ queryKey: ["notices", "count"] });
  }, [queryClient]);
}

/** GET /api/my-connections, one cache entry for every screen that shows it. */
export function useMyConnections(fallback: string) {
  return useResource(["my-connections"], (api) => api.get<MyConnections>("/api/my-connections"), {
    fallback,
  });
}
