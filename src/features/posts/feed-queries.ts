import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { clubs, posts } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";
import { relevanceScore, selectPosts } from "./queries";
import type { FeedFilter } from "./schema";

/** Where a page starts: after the last row of the previous page, in sort-key order. */
export type FeedKey = { score: number; createdAt: string; id: number };

const ORDERS: Record<FeedFilter, SQL[]> = {
  relevant: [desc(relevanceScore), desc(posts.createdAt), desc(posts.id)],
  liked: [desc(posts.likeCount), desc(posts.createdAt), desc(posts.id)],
  newest: [desc(posts.createdAt), desc(posts.id)],
};

/** Row comparison matching the sort, so the scan starts inside the index (keyset paging). */
function afterKey(filter: FeedFilter, key: FeedKey): SQL {
  const ts = sql`${key.createdAt}::timestamptz`;
  if (filter === "newest") return sql`(${posts.createdAt}, ${posts.id}) < (${ts}, ${key.id}::int)`;
  const score = filter === "liked" ? posts.likeCount : relevanceScore;
  return sql`(${score}, ${posts.createdAt}, ${posts.id}) < (${key.score}::int, ${ts}, ${key.id}::int)`;
}

/** The same sort keys written on the alias `pp`, for the per-club subquery below. */
const CLUB_KEYS: Record<FeedFilter, { key: SQL; order: SQL }> = {
  relevant: {
    key: sql.raw("((pp.like_count + pp.favorite_count + pp.comment_count), pp.created_at, pp.id)"),
    order: sql.raw(
      "(pp.like_count + pp.favorite_count + pp.comment_count) desc, pp.created_at desc, pp.id desc",
    ),
  },
  liked: {
    key: sql.raw("(pp.like_count, pp.created_at, pp.id)"),
    order: sql.raw("pp.like_count desc, pp.created_at desc, pp.id desc"),
  },
  newest: { key: sql.raw("(pp.created_at, pp.id)"), order: sql.raw("pp.created_at desc, pp.id desc") },
};

/**
 * scope=connected: the ids of the first `take` posts of each club the viewer belongs to or owns,
 * each read from that club's own sort index (posts_club_*_idx), so the cost depends on the number
 * of the viewer's clubs and the page size, never on how many posts exist or how rare they are.
 */
function connectedClubsTop(viewerId: number, filter: FeedFilter, after: FeedKey | null, take: number): SQL {
  const { key, order } = CLUB_KEYS[filter];
  const ts = after ? sql`${after.createdAt}::timestamptz` : sql``;
  const bound = !after
    ? sql``
    : filter === "newest"
      ? sql` and ${key} < (${ts}, ${after.id}::int)`
      : sql` and ${key} < (${after.score}::int, ${ts}, ${after.id}::int)`;
  return sql`${posts.id} in (
    select top.id
    from (select club_id from club_members where user_id = ${viewerId}
          union select id from clubs where owner_id = ${viewerId}) my
    cross join lateral (
      select pp.id from posts pp where pp.club_id = my.club_id${bound} order by ${order} limit ${take}::int
    ) top)`;
}

/**
 * One feed page in a single statement: the sort index is walked from the key (or offset) and
 * stops after `limit` rows; clubs and the viewer's like/favorite probes are joined per returned
 * row only. Cost does not grow with the number of posts (see scripts/bench/feed.ts).
 */
export async function selectFeedPage(db: Executor, options: FeedPageOptions) {
  return await feedPageQuery(db, options);
}

export type FeedPageOptions = {
  viewerId: number;
  filter: FeedFilter;
  limit: number;
  offset: number;
  after: FeedKey | null;
  connectedOnly: boolean;
};

/** The unexecuted feed statement (also used by scripts/bench/feed.ts to EXPLAIN it). */
export function feedPageQuery(db: Executor, options: FeedPageOptions) {
  const { viewerId, filter, limit, offset, after, connectedOnly } = options;
  const conditions: SQL[] = [];
  if (after) conditions.push(afterKey(filter, after));
  if (connectedOnly)
    conditions.push(connectedClubsTop(viewerId, filter, after, limit + (after ? 0 : offset)));
  return selectPosts(db, viewerId)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...ORDERS[filter])
    .limit(limit)
    .offset(after ? 0 : offset);
}

/** A club's posts, newest first, on the (club_id, created_at, id) index. */
export async function selectClubPostsPage(
  db: Executor,
  options: { clubId: number; viewerId: number | null; limit: number; offset: number; after: FeedKey | null },
) {
  const { clubId, viewerId, limit, offset, after } = options;
  return await selectPosts(db, viewerId)
    .where(and(eq(posts.clubId, clubId), after ? afterKey("newest", after) : undefined))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit)
    .offset(after ? 0 : offset);
}

/** A club's events with event_date in [from, to), soonest first, on (club_id, event_date). */
export async function selectClubEvents(
  db: Executor,
  options: {
    clubId: number;
    viewerId: number | null;
    from: Date;
    to: Date | null;
    limit: number;
    offset: number;
  },
) {
  const { clubId, viewerId, from, to, limit, offset } = options;
  return await selectPosts(db, viewerId)
    .where(
      and(
        eq(posts.clubId, clubId),
        eq(posts.isEvent, true),
        gte(posts.eventDate, from),
        to ? lt(posts.eventDate, to) : undefined,
      ),
    )
    .orderBy(asc(posts.eventDate), asc(posts.id))
    .limit(limit)
    .offset(offset);
}

export async function clubExists(db: Executor, clubId: number): Promise<boolean> {
  const rows = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).limit(1);
  return rows.length > 0;
}
