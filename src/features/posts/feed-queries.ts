import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { clubs, posts } from "../../../db/schema";
import type { Database, Executor } from "../../lib/database/client";
import { prepared } from "../../lib/database/prepared";
import { relevanceScore, selectPosts, visiblePost } from "./queries";
import type { FeedFilter } from "./schema";

/** Where a page starts: after the last row of the previous page, in sort-key order. */
export type FeedKey = { score: number; createdAt: string; id: number };

const ORDERS: Record<FeedFilter, SQL[]> = {
  relevant: [desc(relevanceScore), desc(posts.createdAt), desc(posts.id)],
  liked: [desc(posts.likeCount), desc(posts.createdAt), desc(posts.id)],
  newest: [desc(posts.createdAt), desc(posts.id)],
};

/** A value in a statement: inline (EXPLAIN in the benchmark) or a named placeholder (prepared). */
type Bind = (name: string, value: unknown) => unknown;
const inline: Bind = (_name, value) => value;
const placeholder: Bind = (name) => sql.placeholder(name);

/** The key's three values as statement values (`at`: microsecond timestamp text). */
function keyParts(v: (name: string) => unknown) {
  return {
    at: sql`${v("afterAt")}::timestamptz`,
    score: sql`${v("afterScore")}::int`,
    id: sql`${v("afterId")}::int`,
  };
}

/** Row comparison matching the sort, so the scan starts inside the index (keyset paging). */
function afterKey(filter: FeedFilter, k: ReturnType<typeof keyParts>): SQL {
  if (filter === "newest") return sql`(${posts.createdAt}, ${posts.id}) < (${k.at}, ${k.id})`;
  const score = filter === "liked" ? posts.likeCount : relevanceScore;
  return sql`(${score}, ${posts.createdAt}, ${posts.id}) < (${k.score}, ${k.at}, ${k.id})`;
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
function connectedClubsTop(
  filter: FeedFilter,
  k: ReturnType<typeof keyParts> | null,
  v: (name: string) => unknown,
): SQL {
  const { key, order } = CLUB_KEYS[filter];
  const bound = !k
    ? sql``
    : filter === "newest"
      ? sql` and ${key} < (${k.at}, ${k.id})`
      : sql` and ${key} < (${k.score}, ${k.at}, ${k.id})`;
  const viewer = sql`${v("viewer")}::int`;
  return sql`${posts.id} in (
    select top.id
    from (select club_id from club_members where user_id = ${viewer}
          union select id from clubs where owner_id = ${viewer}) my
    cross join lateral (
      select pp.id from posts pp
      where pp.club_id = my.club_id and (not pp.held or pp.author_id = ${viewer})${bound} order by ${order} limit ${v("take")}::int
    ) top)`;
}

export type FeedPageOptions = {
  viewerId: number;
  filter: FeedFilter;
  limit: number;
  offset: number;
  after: FeedKey | null;
  connectedOnly: boolean;
};

function feedValues(options: FeedPageOptions): Record<string, unknown> {
  const { viewerId, limit, offset, after } = options;
  return {
    viewer: viewerId,
    limit,
    offset: after ? 0 : offset,
    take: limit + (after ? 0 : offset),
    afterAt: after?.createdAt ?? "",
    afterScore: after?.score ?? 0,
    afterId: after?.id ?? 0,
  };
}

/**
 * LIMIT, and OFFSET when it is 0 (a first page, and every keyset page), are written into the
 * statement as numbers rather than sent as values. A prepared statement's generic plan cannot
 * see a LIMIT value and plans for 10% of the table, so PostgreSQL judged it too costly and
 * planned the feed again on every call (two thirds of its time in the database: 1.3 ms a page,
 * 0.4 ms with the numbers written in, on 100,000 posts). Page sizes are 1-101, so a connection
 * holds a handful of these statements; a later offset page (legacy paging) still sends its offset.
 */
function pageWindow(limit: number, offset: number | null) {
  return {
    limit: sql.raw(String(Math.trunc(limit))) as unknown as number,
    offset: offset === null ? 0 : (offset as number),
  };
}

/** Whether a page starts at the first row of its range (first page or keyset). */
function startsAtZero(options: { after: FeedKey | null; offset: number }): boolean {
  return options.after !== null || options.offset === 0;
}

/**
 * One feed page in a single statement: the sort index is walked from the key (or offset) and
 * stops after `limit` rows; clubs and the viewer's like/favorite probes are joined per returned
 * row only. Cost does not grow with the number of posts (see scripts/bench/feed.ts).
 */
function buildFeedPage(db: Executor, options: FeedPageOptions, bind: Bind) {
  const { filter, after, connectedOnly } = options;
  const values = feedValues(options);
  const v = (name: string) => bind(name, values[name]);
  const k = after ? keyParts(v) : null;
  const conditions: SQL[] = [visiblePost(v("viewer"))];
  if (k) conditions.push(afterKey(filter, k));
  if (connectedOnly) conditions.push(connectedClubsTop(filter, k, v));
  const window = pageWindow(options.limit, startsAtZero(options) ? null : (v("offset") as number));
  return selectPosts(db, v("viewer") as number)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...ORDERS[filter])
    .limit(window.limit)
    .offset(window.offset);
}

/** The unexecuted feed statement with its values inline (scripts/bench/feed.ts EXPLAINs it). */
export function feedPageQuery(db: Executor, options: FeedPageOptions) {
  return buildFeedPage(db, options, inline);
}

/** A feed page: one prepared statement per shape (filter, keyset or offset, scope). */
export async function selectFeedPage(db: Database, options: FeedPageOptions) {
  const name = `feed_${options.filter}_${options.after ? "key" : "offset"}_${options.connectedOnly ? "connected" : "all"}_l${options.limit}${startsAtZero(options) ? "_o0" : ""}`;
  const statement = prepared(db, name, () => buildFeedPage(db, options, placeholder).prepare(name));
  return await statement.execute(feedValues(options));
}

/** A club's posts, newest first, on the (club_id, created_at, id) index; prepared per shape. */
export async function selectClubPostsPage(
  db: Database,
  options: { clubId: number; viewerId: number | null; limit: number; offset: number; after: FeedKey | null },
) {
  const { clubId, viewerId, limit, offset, after } = options;
  const atZero = startsAtZero(options);
  const name = `club_posts_${after ? "key" : "offset"}_l${limit}${atZero ? "_o0" : ""}`;
  const statement = prepared(db, name, () => {
    const v = (n: string) => sql.placeholder(n);
    const k = after ? keyParts(v) : null;
    const window = pageWindow(limit, atZero ? null : (v("offset") as unknown as number));
    return selectPosts(db, v("viewer") as unknown as number)
      .where(
        and(
          eq(posts.clubId, v("club") as unknown as number),
          visiblePost(v("viewer")),
          k ? afterKey("newest", k) : undefined,
        ),
      )
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(window.limit)
      .offset(window.offset)
      .prepare(name);
  });
  return await statement.execute({
    viewer: viewerId ?? 0,
    club: clubId,
    limit,
    offset: after ? 0 : offset,
    afterAt: after?.createdAt ?? "",
    afterScore: after?.score ?? 0,
    afterId: after?.id ?? 0,
  });
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
        visiblePost(viewerId),
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
