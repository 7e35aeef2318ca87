import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import { m } from "../../../../common/messages";
import { createCoalescedRefresh } from "../../../lib/live/coalesced-refresh";
import { followLive, sendTyping, useFollowedLive } from "../../../lib/live/live-state";
import { useRefreshNotificationCount } from "../../../lib/shared-data";
import { errorText } from "../../../lib/use-resource";
import {
  CHAT_POLL_MS,
  type ChatTarget,
  fetchMessages,
  mergeMessages,
  PAGE_SIZE,
  replaceMessages,
} from "./chat-fetch";

export type ChatThread = {
  messages: ChatMessage[];
  loading: boolean;
  error: string | null;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  loadEarlier: () => Promise<void>;
  /** Adds a message the user just sent. */
  add: (message: ChatMessage) => void;
  /** Puts a changed message (the answer to an edit or a reaction) in place of its copy. */
  replace: (message: ChatMessage) => void;
  /** Loads earlier pages until the message with this id is in the list; false if it never comes. */
  reveal: (id: number) => Promise<boolean>;
  /** Drops messages the user deleted (by id) or no longer sees (a sender they blocked). */
  drop: (keep: (message: ChatMessage) => boolean) => void;
  retry: () => void;
  /** The other person is typing (a direct chat followed live). */
  typing: boolean;
  /** Tells the other person this one is typing (sent at most every 3 s). */
  notifyTyping: () => void;
  /** Messages come over the live connection (no poll). */
  live: boolean;
};

/** How long "typing…" stays after the last typing frame, and how often one is sent. */
const TYPING_SHOWN_MS = 4000;
const TYPING_SENT_EVERY_MS = 3000;

/** What the query cache keeps for one conversation. */
type ThreadData = {
  messages: ChatMessage[];
  hasEarlier: boolean;
  /** The newest id a page or poll brought (not a message the user just sent): polls ask `?after=` it. */
  lastId: number;
  /** The last poll's ETag (the first page's tag belongs to the newest-page query, not to polls). */
  etag: string | null;
  /** The newest change (edit, deletion, reaction) seen, from `X-Change-Seq`; null when the server sends none. */
  changeSeq: number | null;
};

/**
 * A conversation kept fresh, in the shared query cache (key ["chat", type, id]): the newest page
 * first, then new messages from the live connection while it follows this conversation
 * (client/lib/live), else a poll every 2 s for messages after the newest one seen (`?after=`),
 * sending the last ETag so an idle poll is a bodiless 304. Each time the live connection starts
 * following it (again), one such poll catches up on what came meanwhile. One request at a time; polls pause while the tab
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
  const name = `${type}:${id}`;
  const live = useFollowedLive(name);
  const [typing, setTyping] = useState(false);

  const query = useQuery<ThreadData>({
    queryKey: ["chat", type, id],
    enabled,
    // Polls once the first page is in, unless the live connection brings the messages; after a
    // failed first load only Retry tries again.
    refetchInterval: live ? false : (q) => (q.state.data ? CHAT_POLL_MS : false),
    // Paused while the tab is hidden (TanStack Query's default); once at once when shown again.
    refetchOnWindowFocus: live ? false : (q) => !!q.state.data,
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
          changeSeq: page.notModified ? null : page.changeSeq,
        };
      }
      try {
        const page = await fetchMessages(
          where,
          { after: before.lastId, changesAfter: before.changeSeq },
          { etag: before.etag, fallback, signal },
        );
        if (page.notModified) return queryClient.getQueryData<ThreadData>(queryKey) ?? before;
        // A send or "load earlier" may have changed the list meanwhile: merge into the latest.
        const latest = queryClient.getQueryData<ThreadData>(queryKey) ?? before;
        // With `changes_after`, messages up to lastId are changed ones: replaced, never added.
        const fresh = page.messages.filter((msg) => msg.id > before.lastId);
        const changed = page.messages.filter((msg) => msg.id <= before.lastId);
        if (fresh.length) announce.current();
        return {
          ...latest,
          messages: replaceMessages(mergeMessages(latest.messages, fresh), changed),
          lastId: Math.max(latest.lastId, ...fresh.map((msg) => msg.id)),
          etag: page.etag,
          changeSeq: page.changeSeq ?? latest.changeSeq,
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

  const current = useCallback(
    () => queryClient.getQueryData<ThreadData>(["chat", type, id]),
    [queryClient, type, id],
  );

  /** One page before the oldest message held (read from the cache, so calls can follow each other). */
  const loadEarlier = useCallback(async () => {
    const oldest = current()?.messages[0];
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
  }, [current, type, id, fallback, update]);

  const reveal = useCallback(
    async (messageId: number) => {
      for (;;) {
        const data = current();
        if (!data) return false;
        if (data.messages.some((msg) => msg.id === messageId)) return true;
        const oldest = data.messages[0];
        if (!data.hasEarlier || !oldest || oldest.id < messageId) return false;
        const before = data.messages.length;
        await loadEarlier();
        // A failed page brought nothing: stop rather than ask again and again.
        if ((current()?.messages.length ?? 0) === before) return false;
      }
    },
    [current, loadEarlier],
  );

  const replace = useCallback(
    (message: ChatMessage) =>
      update((data) => ({ ...data, messages: replaceMessages(data.messages, [message]) })),
    [update],
  );

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

  // Follows the conversation live while it is open and the tab is shown (a hidden tab's chat is
  // not marked read by messages arriving, as the paused poll does not read them either).
  useEffect(() => {
    if (!enabled) return;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    // Someone read further: the "Visto" under the last message asks again (use-read-state.ts),
    // once per burst of frames, not once per reader (coalesced-refresh.ts).
    const readFurther = createCoalescedRefresh(() =>
      queryClient.invalidateQueries({ queryKey: ["reads", type, id] }),
    );
    const listener = {
      message: (message: ChatMessage) => {
        update((data) => ({
          ...data,
          messages: mergeMessages(data.messages, [message]),
          lastId: Math.max(data.lastId, message.id),
        }));
        setTyping(false);
        announce.current();
      },
      updated: (message: ChatMessage) => {
        update((data) => ({ ...data, messages: replaceMessages(data.messages, [message]) }));
      },
      followed: () => {
        if (queryClient.getQueryData(["chat", type, id])) void refetch();
      },
      read: readFurther,
      typing: () => {
        setTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
      },
    };
    let stop: (() => void) | null = null;
    const sync = () => {
      if (document.visibilityState === "visible") stop ??= followLive(name, listener);
      else {
        stop?.();
        stop = null;
      }
    };
    sync();
    document.addEventListener("visibilitychange", sync);
    return () => {
      document.removeEventListener("visibilitychange", sync);
      clearTimeout(typingTimer);
      stop?.();
    };
  }, [enabled, name, type, id, update, refetch, queryClient]);

  const lastTypingSent = useRef(0);
  const notifyTyping = useCallback(() => {
    if (type !== "user" || Date.now() - lastTypingSent.current < TYPING_SENT_EVERY_MS) return;
    lastTypingSent.current = Date.now();
    sendTyping(name);
  }, [type, name]);

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
    replace,
    reveal,
    drop,
    retry,
    typing: enabled && typing,
    notifyTyping,
    live: enabled && live,
  };
}
