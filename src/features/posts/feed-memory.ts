import { jsonTag, matchesIfNoneMatch } from "../../lib/conditional-get";
import { changeKeys } from "../../lib/poll-memory/keys";
import type { PollMemory, Snapshot } from "../../lib/poll-memory/poll-memory";
import type { FeedFilter, PostJson } from "./schema";

/**
 * The tag of the last feed page a process served per viewer and page (filter, scope, size,
 * offset or cursor), so the 10-second refresh of an unchanged feed is a 304 with no statement.
 * A page shows posts, their counts, clubs, and the viewer's own likes, favorites and RSVPs (the
 * `f` key, sent by every write to those), and depends on the viewer's role and memberships (the
 * `a` key: can_edit, scope=connected). The tag is the one the compression plugin gives the same
 * body (src/lib/conditional-get.ts), so a client's copy from either path matches.
 */
export type FeedPageKey = {
  filter: FeedFilter;
  scope: "all" | "connected";
  limit: number;
  offset: number;
  cursor?: string;
};
export type FeedMemo = { etag: string; nextCursor: string | null };

function memoKey(viewerId: number, page: FeedPageKey) {
  return `feed:${viewerId}:${page.filter}:${page.scope}:${page.limit}:${page.offset}:${page.cursor ?? ""}`;
}

export function feedKeys(viewerId: number): string[] {
  return [changeKeys.feed, changeKeys.access(viewerId)];
}

/** The remembered page when the client already holds it (its If-None-Match names the tag). */
export function recallUnchangedFeed(
  memory: PollMemory,
  { viewerId, page, ifNoneMatch }: { viewerId: number; page: FeedPageKey; ifNoneMatch: string | undefined },
): FeedMemo | undefined {
  if (!ifNoneMatch) return undefined;
  return memory.recall<FeedMemo>("feed", memoKey(viewerId, page), (memo) =>
    matchesIfNoneMatch(ifNoneMatch, memo.etag),
  );
}

export function rememberFeedPage(
  memory: PollMemory,
  {
    viewerId,
    page,
    items,
    nextCursor,
  }: { viewerId: number; page: FeedPageKey; items: PostJson[]; nextCursor: string | null },
  deps: Snapshot,
) {
  // The tag costs a second serialisation of the page: only when it can be remembered.
  if (!memory.listening) return;
  const memo: FeedMemo = { etag: jsonTag(JSON.stringify(items)), nextCursor };
  memory.remember(memoKey(viewerId, page), memo, deps);
}
