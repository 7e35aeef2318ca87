import { matchesIfNoneMatch } from "../../lib/conditional-get";
import { perRequestEncoding } from "../../lib/content-encoding";
import { changeKeys } from "../../lib/poll-memory/keys";
import type { PollMemory, Snapshot } from "../../lib/poll-memory/poll-memory";
import type { RememberedBody } from "../../lib/poll-memory/remembered-bodies";
import { whenSent } from "../../lib/sent-json";
import type { FeedFilter, PostJson } from "./schema";

/**
 * The tag of the last feed page a process served per viewer and page (filter, scope, size,
 * offset or cursor), so the 10-second refresh of an unchanged feed is a 304 with no statement.
 * A page shows posts, their counts, clubs, and the viewer's own likes, favorites and RSVPs (the
 * `f` key, sent by every write to those), and depends on the viewer's role, memberships and
 * officer permissions (the `a` key: can_edit, can_check_in, scope=connected). The tag is the one
 * the compression plugin gave the page it sent (src/plugins/compression.ts), so a client's copy
 * matches.
 *
 * The compressed bytes of that page are kept too (bounded by size in the poll memory): a client
 * that polls without If-None-Match, or holds an older page, gets them again, with no statement
 * and no serialising or compressing.
 */
export type FeedPageKey = {
  filter: FeedFilter;
  scope: "all" | "connected";
  limit: number;
  offset: number;
  cursor?: string;
};
type FeedMemo = { etag: string; nextCursor: string | null };

function memoKey(viewerId: number, page: FeedPageKey) {
  return `feed:${viewerId}:${page.filter}:${page.scope}:${page.limit}:${page.offset}:${page.cursor ?? ""}`;
}

export function feedKeys(viewerId: number): string[] {
  return [changeKeys.feed, changeKeys.access(viewerId)];
}

/** What memory can answer a feed poll with: a 304 (the client holds the page) or the page's bytes. */
export type KnownFeedPage = { memo: FeedMemo; body: RememberedBody | null };

/**
 * The remembered page, when it is unchanged and either the client already holds it (its
 * If-None-Match names the tag) or its bytes are kept in the encoding this client gets.
 */
export function recallFeedPage(
  memory: PollMemory,
  {
    viewerId,
    page,
    ifNoneMatch,
    acceptEncoding,
  }: {
    viewerId: number;
    page: FeedPageKey;
    ifNoneMatch: string | undefined;
    acceptEncoding: string | undefined;
  },
): KnownFeedPage | undefined {
  const key = memoKey(viewerId, page);
  let body: RememberedBody | null = null;
  const memo = memory.recall<FeedMemo>("feed", key, (memo) => {
    if (ifNoneMatch && matchesIfNoneMatch(ifNoneMatch, memo.etag)) return true;
    const kept = memory.bodyOf(key);
    if (!kept || kept.etag !== memo.etag) return false;
    if (perRequestEncoding(acceptEncoding, kept.jsonLength) !== kept.encoding) return false;
    body = kept;
    return true;
  });
  return memo ? { memo, body } : undefined;
}

/** Remembers the page once it is sent: its tag, and its bytes when it went out compressed. */
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
  if (!memory.listening) return;
  const key = memoKey(viewerId, page);
  // The versions were taken before the page was read: a change heard since has already made them
  // stale, however late the answer is remembered.
  whenSent(items, (sent) => {
    memory.remember(key, { etag: sent.etag, nextCursor } satisfies FeedMemo, deps);
    if (sent.encoding && sent.body) {
      memory.keepBody(key, {
        etag: sent.etag,
        encoding: sent.encoding,
        body: sent.body,
        jsonLength: sent.jsonLength,
      });
    }
  });
}
