import { useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import type { FeedPost } from "../../../../common/api/posts";
import type { FeedSort } from "../../../../common/enums";
import { m } from "../../../../common/messages";
import type { PostPatch } from "../../../components/post/post-modal";
import { mergeFeed, prependFresh } from "../../../components/post/post-utils";

export const FEED_REFRESH_MS = 10_000;
const PAGE = 20;

/**
 * The feed's data: the first page for the chosen sort, "Show more" pages, and a refresh every
 * 10 s (spec section 9) that merges into what is shown (mergeFeed) instead of replacing it, so
 * the reader's scroll place and an open post survive. Posts that arrived meanwhile wait in
 * `fresh` until the reader asks for them. Refresh failures are silent.
 */
export function useFeed(sort: FeedSort) {
  const { api } = useRouter().options.context;
  const [posts, setPosts] = useState<FeedPost[] | null>(null);
  const [fresh, setFresh] = useState<FeedPost[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const pending = useRef(new Set<number>()).current;
  const shown = useRef<FeedPost[]>([]);
  const generation = useRef(0);

  const url = useCallback(
    (limit: number, offset: number) => `/api/posts/feed?filter=${sort}&limit=${limit}&offset=${offset}`,
    [sort],
  );

  const load = useCallback(async () => {
    const gen = ++generation.current;
    setPosts(null);
    setFresh([]);
    setError(null);
    try {
      const list = await api.get<FeedPost[]>(url(PAGE, 0), { fallback: m.contentUi.feed.failed });
      if (gen !== generation.current) return;
      setPosts(list);
      setHasMore(list.length === PAGE);
    } catch {
      if (gen === generation.current) setError(m.contentUi.feed.failed);
    }
  }, [api, url]);

  useEffect(() => {
    void load();
  }, [load]);

  shown.current = posts ?? [];

  useEffect(() => {
    if (error) return;
    let busy = false;
    const refresh = async () => {
      if (busy || document.hidden || shown.current.length === 0) return;
      busy = true;
      const gen = generation.current;
      try {
        const limit = Math.min(100, Math.max(PAGE, shown.current.length));
        const incoming = await api.get<FeedPost[]>(url(limit, 0));
        if (gen !== generation.current) return;
        const { fresh: arrived } = mergeFeed(shown.current, incoming, pending);
        setPosts((list) => (list ? mergeFeed(list, incoming, pending).posts : list));
        if (arrived.length) setFresh((prev) => prependFresh(prev, arrived));
      } catch {
        // Spec: the feed keeps what it shows; the next tick tries again.
      } finally {
        busy = false;
      }
    };
    const timer = window.setInterval(refresh, FEED_REFRESH_MS);
    // A hidden tab skips its refreshes (no data spent on an unseen page); catch up on return.
    const onVisible = () => {
      if (!document.hidden) void refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [api, url, pending, error]);

  const loadMore = useCallback(async () => {
    if (!posts || loadingMore) return;
    setLoadingMore(true);
    const gen = generation.current;
    try {
      const list = await api.get<FeedPost[]>(url(PAGE, posts.length), { fallback: m.contentUi.feed.failed });
      if (gen !== generation.current) return;
      setPosts((current) => {
        const ids = new Set((current ?? []).map((p) => p.id));
        return [...(current ?? []), ...list.filter((p) => !ids.has(p.id))];
      });
      setHasMore(list.length === PAGE);
    } catch {
      setError(m.contentUi.feed.failed);
    } finally {
      setLoadingMore(false);
    }
  }, [api, url, posts, loadingMore]);

  const showFresh = useCallback(() => {
    setPosts((current) => prependFresh(current ?? [], fresh));
    setFresh([]);
  }, [fresh]);

  const patch = useCallback((id: number, change: PostPatch) => {
    setPosts((current) =>
      current
        ? current.map((p) =>
            p.id === id ? { ...p, ...(typeof change === "function" ? change(p) : change) } : p,
          )
        : current,
    );
  }, []);

  return { posts, fresh, error, hasMore, loadingMore, pending, load, loadMore, showFresh, patch };
}
