import type { FeedSort } from "../../../../common/enums";

/** Posts per feed page (the first page, and each "Show more"). */
export const FEED_PAGE = 20;

/** The feed's query-cache key for a sort (use-feed.ts, and the server render's prefetch). */
export const feedKey = (sort: FeedSort) => ["feed", sort] as const;

export const feedUrl = (sort: FeedSort, limit: number, offset: number) =>
  `/api/posts/feed?filter=${sort}&limit=${limit}&offset=${offset}`;
