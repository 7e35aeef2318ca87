import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import { m } from "../../../../common/messages";
import { useRefreshNotificationCount } from "../../../lib/shared-data";
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
  retry: () => void;
};

/**
 * A conversation kept fresh: the newest page first, then a poll every 2 s for messages after the
 * newest one seen (`?after=`), sending the last ETag so an idle poll is a bodiless 304. One request
 * at a time; polls pause while the tab is hidden. Each new message read moves the server's read
 * mark, so the badge is asked to refresh. `enabled: false` (an owner in their club's chat) polls
 * nothing.
 */
export function useChatThread(
  target: ChatTarget,
  { enabled, onNewMessages }: { enabled: boolean; onNewMessages?: () => void },
): ChatThread {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<string | null>(null);
  const [hasEarlier, setHasEarlier] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const lastId = useRef(0);
  const etag = useRef<string | null>(null);
  const onNew = useRef(onNewMessages);
  onNew.current = onNewMessages;
  const refreshCount = useRef(useRefreshNotificationCount());
  const { type, id } = target;

  useEffect(() => {
    void attempt;
    const where: ChatTarget = { type, id };
    setMessages([]);
    setError(null);
    setHasEarlier(false);
    lastId.current = 0;
    etag.current = null;
    if (!enabled) {
      setLoading(false);
      return;
    }
    setLoading(true);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const fallback = m.communityUi.chat.failedLoad;

    const receive = (incoming: ChatMessage[]) => {
      if (incoming.length === 0) return;
      lastId.current = Math.max(lastId.current, ...incoming.map((msg) => msg.id));
      setMessages((current) => mergeMessages(current, incoming));
      refreshCount.current();
      onNew.current?.();
    };

    const poll = async () => {
      if (stopped) return;
      if (typeof document === "undefined" || !document.hidden) {
        try {
          const page = await fetchMessages(
            where,
            { after: lastId.current },
            { etag: etag.current, fallback, signal: controller.signal },
          );
          if (stopped) return;
          if (!page.notModified) {
            etag.current = page.etag;
            receive(page.messages);
          }
        } catch {
          // A failed poll is retried at the next tick; the thread stays as it is.
        }
      }
      if (!stopped) timer = setTimeout(poll, CHAT_POLL_MS);
    };

    const start = async () => {
      try {
        const page = await fetchMessages(where, {}, { fallback, signal: controller.signal });
        if (stopped || page.notModified) return;
        // The first page's tag belongs to the newest-page query; polls use their own.
        etag.current = null;
        setHasEarlier(page.messages.length >= PAGE_SIZE);
        receive(page.messages);
        setLoading(false);
        timer = setTimeout(poll, CHAT_POLL_MS);
      } catch (cause) {
        if (stopped) return;
        setError((cause as Error).message || fallback);
        setLoading(false);
      }
    };
    void start();
    return () => {
      stopped = true;
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [type, id, enabled, attempt]);

  const loadEarlier = useCallback(async () => {
    const oldest = messages[0];
    if (!oldest) return;
    setLoadingEarlier(true);
    try {
      const page = await fetchMessages(
        { type, id },
        { before: oldest.id },
        { fallback: m.communityUi.chat.failedLoad },
      );
      if (!page.notModified) {
        setHasEarlier(page.messages.length >= PAGE_SIZE);
        setMessages((current) => mergeMessages(current, page.messages));
      }
    } catch (cause) {
      setError((cause as Error).message);
    } finally {
      setLoadingEarlier(false);
    }
  }, [messages, type, id]);

  const add = useCallback((message: ChatMessage) => {
    setMessages((current) => mergeMessages(current, [message]));
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { messages, loading, error, hasEarlier, loadingEarlier, loadEarlier, add, retry };
}
