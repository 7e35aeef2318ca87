/**
 * Pure helpers of the post screens, unit-tested in post-utils.test.ts: merging a feed refresh
 * into what the reader already sees, checking a draft before it is sent, dates, and the one
 * Instagram address form the server stores.
 */

import type { FeedPost } from "../../../common/api/posts";
import { format, m } from "../../../common/messages";

/**
 * Folds a refreshed page into the shown list without moving anything the reader sees: known
 * posts keep their place and take the new counts (except the reaction fields of posts whose
 * like/favorite request is still in flight, so an optimistic toggle does not flicker back);
 * posts the reader has not seen yet come back separately, to be shown on request.
 */
export function mergeFeed(
  shown: readonly FeedPost[],
  incoming: readonly FeedPost[],
  pending: ReadonlySet<number> = new Set(),
): { posts: FeedPost[]; fresh: FeedPost[] } {
  const byId = new Map(incoming.map((p) => [p.id, p]));
  const shownIds = new Set(shown.map((p) => p.id));
  let changed = false;
  const posts = shown.map((post) => {
    const next = byId.get(post.id);
    if (!next) return post;
    const merged = pending.has(post.id)
      ? {
          ...next,
          like_count: post.like_count,
          liked_by_me: post.liked_by_me,
          favorite_count: post.favorite_count,
          favorited_by_me: post.favorited_by_me,
        }
      : next;
    if (samePost(post, merged)) return post;
    changed = true;
    return merged;
  });
  const fresh = incoming.filter((p) => !shownIds.has(p.id));
  return { posts: changed ? posts : (shown as FeedPost[]), fresh };
}

function samePost(a: FeedPost, b: FeedPost): boolean {
  const keys = Object.keys(b) as (keyof FeedPost)[];
  return keys.every((key) => key === "media" || a[key] === b[key]);
}

/** Adds the fresh posts on top, skipping any already shown (a later refresh may repeat them). */
export function prependFresh(shown: readonly FeedPost[], fresh: readonly FeedPost[]): FeedPost[] {
  const ids = new Set(shown.map((p) => p.id));
  return [...fresh.filter((p) => !ids.has(p.id)), ...shown];
}

export type PostDraft = {
  title: string;
  short_description: string;
  content: string;
  instagram_url: string;
  hasImage: boolean;
  is_event: boolean;
  event_date: string;
};

/** Spec section 5: a post needs text, an Instagram URL or an image; an event needs a date. */
export function validatePostDraft(draft: PostDraft): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  const hasText = [draft.title, draft.short_description, draft.content].some((v) => v.trim() !== "");
  if (!hasText && !draft.instagram_url.trim() && !draft.hasImage)
    errors.push({ field: "content", message: m.posts.needsContent });
  if (draft.is_event && !draft.event_date.trim())
    errors.push({ field: "event_date", message: m.posts.eventNeedsDate });
  return errors;
}

const INSTAGRAM_CANONICAL = /^https:\/\/www\.instagram\.com\/p\/[A-Za-z0-9_-]{5,64}\/$/;

/** The stored, canonical post address, or null: only that form is ever embedded. */
export function instagramPermalink(url: string | null | undefined): string | null {
  return url && INSTAGRAM_CANONICAL.test(url) ? url : null;
}

/** The card and dialog heading: the title, else the short description, else the club's name. */
export function postHeading(post: Pick<FeedPost, "title" | "short_description" | "club_name">): string {
  return post.title?.trim() || post.short_description?.trim() || post.club_name;
}

const VIEWED_KEY = "clubnica.viewed-posts";

/**
 * Spec section 4: a view is counted once per opened post. Remembered for the browser session,
 * so reopening a post (or a feed refresh) does not send it again. True the first time only.
 */
export function claimView(postId: number, store: Pick<Storage, "getItem" | "setItem"> | null): boolean {
  let ids: number[] = [];
  try {
    const raw = store?.getItem(VIEWED_KEY);
    ids = raw ? (JSON.parse(raw) as number[]) : [];
    if (!Array.isArray(ids)) ids = [];
  } catch {
    ids = [];
  }
  if (ids.includes(postId)) return false;
  ids.push(postId);
  try {
    store?.setItem(VIEWED_KEY, JSON.stringify(ids.slice(-500)));
  } catch {
    // Storage full or blocked: the view is still counted once in this page.
  }
  return true;
}

/** "12 going" or "12 of 30 going", plus the waitlist when there is one. */
export function goingText(post: Pick<FeedPost, "going_count" | "capacity" | "waitlist_count">): string {
  const t = m.events;
  const going =
    post.capacity === null
      ? format(t.goingCount, { count: post.going_count })
      : format(t.goingCountCapacity, { count: post.going_count, capacity: post.capacity });
  return post.waitlist_count > 0
    ? `${going} · ${format(t.waitlistCount, { count: post.waitlist_count })}`
    : going;
}
