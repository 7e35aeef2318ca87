import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import type { FeedPost } from "../../../../common/api/posts";
import type { FeedSort } from "../../../../common/enums";
import { m } from "../../../../common/messages";
import type { PostPatch } from "../../../components/post/post-modal";
import { mergeFeed, prependFresh } from "../../../components/post/post-utils";
import { createPollCache } from "../../../lib/poll-cache";
import { feedKey, feedUrl, FEED_PAGE as PAGE } from "./feed-page";

const FEED_REFRESH_MS = 10_000;

type FeedData = { posts: FeedPost[]; hasMore: boolean };

/**
 * The feed's data, in the shared query cache (key ["feed", sort]): the first page for the chosen
 * sort, "Show more" pages, and a refresh every 10 s (spec section 9) that merges into what is
 * shown (mergeFeed) instead of replacing it, so the reader's scroll place and an open post
 * survive. Posts that arrived meanwhile wait in `fresh` until the reader asks for them. Refresh
 * failures are silent; a hidden tab skips its refreshes and catches up when shown again.
 */
export function useFeed(sort: FeedSort) {
  const { api } = useRouter().options.context;
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<FeedPost[]>([]);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const pending = useRef(new Set<number>()).current;
  const poll = useRef(createPollCache()).current;
  const key = feedKey(sort);
  const url = (limit: number, offset: number) => feedUrl(sort, limit, offset);

  const query = useQuery<FeedData>({
    queryKey: key,
    queryFn: async ({ queryKey }) => {
      const shown = queryClient.getQueryData<FeedData>(queryKey);
      if (!shown) {
        // Through the poll cache, so the first refresh already asks only "changed since?".
        const { data: list } = await poll<FeedPost[]>(api, url(PAGE, 0), {
          fallback: m.feedPage.failed,
        });
        return { posts: list, hasMore: list.length === PAGE };
      }
      try {
        const limit = Math.min(100, Math.max(PAGE, shown.posts.length));
        // An unchanged feed is a bodiless 304 (ETag): nothing to merge.
        const { data: incoming, changed } = await poll<FeedPost[]>(api, url(limit, 0));
        if (!changed) return queryClient.getQueryData<FeedData>(queryKey) ?? shown;
        // "Show more" or a reaction may have changed the list meanwhile: merge into the latest.
        const latest = queryClient.getQueryData<FeedData>(queryKey) ?? shown;
        const merged = mergeFeed(latest.posts, incoming, pending);
        if (merged.fresh.length) setFresh((prev) => prependFresh(prev, merged.fresh));
        return { ...latest, posts: merged.posts };
      } catch {
        // Spec: the feed keeps what it shows; the next tick tries again.
        return queryClient.getQueryData<FeedData>(queryKey) ?? shown;
      }
    },
    // Refreshes only once the first page is in; a failed first load waits for Try again.
    refetchInterval: (q) => (q.state.data && q.state.data.posts.length > 0 ? FEED_REFRESH_MS : false),
    refetchOnWindowFocus: (q) => !!q.state.data && q.state.data.posts.length > 0,
    // Each visit and each sort starts from the server's current first page, as before.
    gcTime: 0,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: another sort starts with nothing waiting
  useEffect(() => {
    setFresh([]);
    setMoreError(null);
  }, [sort]);

  const update = useCallback(
    (change: (data: FeedData) => FeedData) =>
      queryClient.setQueryData<FeedData>(["feed", sort], (data) => (data ? change(data) : data)),
    [queryClient, sort],
  );

  const posts = query.data?.posts ?? null;

  const load = useCallback(() => {
    setFresh([]);
    setMoreError(null);
    void queryClient.resetQueries({ queryKey: ["feed", sort], exact: true });
  }, [queryClient, sort]);

  const loadMore = useCallback(async () => {
    if (!posts || loadingMore) return;
    setLoadingMore(true);
    try {
      const list = await api.get<FeedPost[]>(feedUrl(sort, PAGE, posts.length), {
        fallback: m.feedPage.failed,
      });
      update((data) => {
        const ids = new Set(data.posts.map((p) => p.id));
        return {
          posts: [...data.posts, ...list.filter((p) => !ids.has(p.id))],
          hasMore: list.length === PAGE,
        };
      });
    } catch {
      setMoreError(m.feedPage.failed);
    } finally {
      setLoadingMore(false);
    }
  }, [api, sort, posts, loadingMore, update]);

  const showFresh = useCallback(() => {
    update((data) => ({ ...data, posts: prependFresh(data.posts, fresh) }));
    setFresh([]);
  }, [fresh, update]);

  const patch = useCallback(
    (id: number, change: PostPatch) =>
      update((data) => ({
        ...data,
        posts: data.posts.map((p) =>
          p.id === id ? { ...p, ...(typeof change === "function" ? change(p) : change) } : p,
        ),
      })),
    [update],
  );

  return {
    posts,
    fresh,
    error: query.isError ? m.feedPage.failed : moreError,
    hasMore: query.data?.hasMore ?? false,
    loadingMore,
    pending,
    load,
    loadMore,
    showFresh,
    patch,
  };
}
