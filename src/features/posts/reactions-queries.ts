import { eq, sql } from "drizzle-orm";
import { posts, postViewDays } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export type Reaction = "like" | "favorite";

const TABLES = {
  like: { table: sql.identifier("post_likes"), counter: sql.identifier("like_count") },
  favorite: { table: sql.identifier("post_favorites"), counter: sql.identifier("favorite_count") },
} as const;

/** Adds the reaction row; true when it was not there yet. */
export async function insertReaction(db: Executor, kind: Reaction, postId: number, userId: number) {
  const rows = await db.execute(sql`
    insert into ${TABLES[kind].table} (post_id, user_id) values (${postId}, ${userId})
    on conflict do nothing returning post_id`);
  return rows.length > 0;
}

/** Removes the reaction row; true when this statement removed it. */
export async function deleteReaction(db: Executor, kind: Reaction, postId: number, userId: number) {
  const rows = await db.execute(sql`
    delete from ${TABLES[kind].table} where post_id = ${postId} and user_id = ${userId} returning post_id`);
  return rows.length > 0;
}

/** Moves the counter by delta under the post's row lock; returns the new value. */
/** Null when the post is gone or held from `userId` (a watched word: only its author sees it). */
export async function bumpReactionCount(
  db: Executor,
  { kind, postId, userId, delta }: { kind: Reaction; postId: number; userId: number; delta: number },
) {
  const counter = TABLES[kind].counter;
  const rows = await db.execute<{ count: number }>(sql`
    update posts set ${counter} = ${counter} + ${delta}::int
    where id = ${postId} and (not held or author_id = ${userId})
    returning ${counter} as count`);
  return rows[0]?.count ?? null;
}

/**
 * Serialises toggles of one (post, user, kind) for the rest of the transaction, so "insert, else
 * delete" cannot interleave with the same user's other toggle. Other users are not held up.
 */
export async function lockReactionKey(db: Executor, kind: Reaction, postId: number, userId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`post_${kind}:${postId}:${userId}`}, 0))`,
  );
}

/**
 * Marks the user's view of the post; true when it should count, i.e. there was no counted view
 * in the last 24 hours (the upsert only touches, and returns, a stale row).
 */
export async function markView(db: Executor, postId: number, userId: number) {
  const rows = await db.execute(sql`
    insert into post_views (post_id, user_id) values (${postId}, ${userId})
    on conflict (post_id, user_id) do update set counted_at = now()
      where post_views.counted_at <= now() - interval '24 hours'
    returning post_id`);
  return rows.length > 0;
}

/** Counts a view on the post and on its Managua day (the owners' dashboard reads the days). */
export async function incrementViews(db: Executor, postId: number) {
  const rows = await db
    .update(posts)
    .set({ views: sql`${posts.views} + 1` })
    .where(eq(posts.id, postId))
    .returning({ views: posts.views, clubId: posts.clubId });
  const row = rows[0];
  if (!row) return null;
  await db.execute(sql`
    insert into ${postViewDays} (post_id, club_id, day, views)
    values (${postId}, ${row.clubId}, (now() at time zone 'America/Managua')::date, 1)
    on conflict (post_id, day) do update set views = ${postViewDays.views} + 1`);
  return row.views;
}

export async function selectViews(db: Executor, postId: number) {
  const rows = await db.select({ views: posts.views }).from(posts).where(eq(posts.id, postId)).limit(1);
  return rows[0]?.views ?? null;
}
