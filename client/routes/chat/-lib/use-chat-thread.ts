import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import { m } from "../../../../common/messages";
import { useRefreshNotificationCount } from "../../../lib/shared-data";
import { errorText } from "../../../lib/use-resource";
import { CHAT_POLL_MS, type ChatTarget, fetchMessages, mergeMessages, PAGE_SIZE } from "./chat-fetch";

export type ChatThread = {
  messages: ChatMessage[];
  loading: boolean;
  error: string | null;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  loadEarlier: () => Promise<void>;
  /** Adds a message the user just sent. */
  add: (message: ChatMessage) => void;
  /** Drops messages the user deleted (by id) or no longer sees (a sender they blocked). */
  drop: (keep: (message: ChatMessage) => boolean) => void;
  retry: () => void;
};

/** What the query cache keeps for one conversation. */
type ThreadData = {
  messages: ChatMessage[];
  hasEarlier: boolean;
  /** The newest id a page or poll brought (not a message the user just sent): polls ask `?after=` it. */
  lastId: number;
  /** The last poll's ETag (the first page's tag belongs to the newest-page query, not to polls). */
  etag: string | null;
};

/**
 * A conversation kept fresh, in the shared query cache (key ["chat", type, id]): the newest page
 * first, then a poll every 2 s for messages after the newest one seen (`?after=`), sending the
 * last ETag so an idle poll is a bodiless 304. One request at a time; polls pause while the tab
 * is hidden. Each new message read moves the server's read mark, so the badge is asked to
 * refresh. `enabled: false` (an owner in their club's chat) polls nothing.
 */
export function useChatThread(
  target: ChatTarget,
  { enabled, onNewMessages }: { enabled: boolean; onNewMessages?: () => void },
): ChatThread {
  const queryClient = useQueryClient();
  const refreshCount = useRefreshNotificationCount();
  const announce = useRef<() => void>(() => {});
  announce.current = () => {
    refreshCount();
    onNewMessages?.();
  };
  const [earlierError, setEarlierError] = useState<string | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const { type, id } = target;
  const fallback = m.chatPage.failedLoad;

  const query = useQuery<ThreadData>({
    queryKey: ["chat", type, id],
    enabled,
    // Polls once the first page is in; after a failed first load only Retry tries again.
    refetchInterval: (q) => (q.state.data ? CHAT_POLL_MS : false),
    // Paused while the tab is hidden (TanStack Query's default); once at once when shown again.
    refetchOnWindowFocus: (q) => !!q.state.data,
    queryFn: async ({ queryKey, signal }): Promise<ThreadData> => {
      const where: ChatTarget = { type, id };
      const before = queryClient.getQueryData<ThreadData>(queryKey);
      if (!before) {
        const page = await fetchMessages(where, {}, { fallback, signal });
        const messages = page.notModified ? [] : page.messages;
        if (messages.length) announce.current();
        return {
          messages,
          hasEarlier: messages.length >= PAGE_SIZE,
          lastId: Math.max(0, ...messages.map((msg) => msg.id)),
          etag: null,
        };
      }
      try {
        const page = await fetchMessages(
          where,
          { after: before.lastId },
          { etag: before.etag, fallback, signal },
        );
        if (page.notModified) return queryClient.getQueryData<ThreadData>(queryKey) ?? before;
        // A send or "load earlier" may have changed the list meanwhile: merge into the latest.
        const latest = queryClient.getQueryData<ThreadData>(queryKey) ?? before;
        if (page.messages.length) announce.current();
        return {
          ...latest,
          messages: mergeMessages(latest.messages, page.messages),
          lastId: Math.max(latest.lastId, ...page.messages.map((msg) => msg.id)),
          etag: page.etag,
        };
      } catch {
        // A failed poll is retried at the next tick; the thread stays as it is.
        return queryClient.getQueryData<ThreadData>(queryKey) ?? before;
      }
    },
  });

  const update = useCallback(
    (change: (data: ThreadData) => ThreadData) =>
      queryClient.setQueryData<ThreadData>(["chat", type, id], (data) => (data ? change(data) : data)),
    [queryClient, type, id],
  );
  const messages = (enabled && query.data?.messages) || [];

  const loadEarlier = useCallback(async () => {
    const oldest = messages[0];
    if (!oldest) return;
    setLoadingEarlier(true);
    try {
      const page = await fetchMessages({ type, id }, { before: oldest.id }, { fallback });
      if (!page.notModified) {
        update((data) => ({
          ...data,
          hasEarlier: page.messages.length >= PAGE_SIZE,
          messages: mergeMessages(data.messages, page.messages),
        }));
      }
    } catch (cause) {
      setEarlierError((cause as Error).message);
    } finally {
      setLoadingEarlier(false);
    }
  }, [messages, type, id, fallback, update]);

  const add = useCallback(
    (message: ChatMessage) =>
      update((data) => ({ ...data, messages: mergeMessages(data.messages, [message]) })),
    [update],
  );

  const drop = useCallback(
    (keep: (message: ChatMessage) => boolean) =>
      update((data) => ({ ...data, messages: data.messages.filter(keep) })),
    [update],
  );

  const { refetch } = query;
  const retry = useCallback(() => {
    setEarlierError(null);
    void refetch();
  }, [refetch]);

  return {
    messages,
    loading: enabled && query.isPending && !query.isError,
    error: enabled && query.isError ? errorText(query.error, fallback) : earlierError,
    hasEarlier: enabled && (query.data?.hasEarlier ?? false),
    loadingEarlier,
    loadEarlier,
    add,
    drop,
    retry,
  };
}
