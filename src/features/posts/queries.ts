import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { clubs, eventRsvps, postFavorites, postLikes, posts } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** Ranking score of "Most Relevant": the sum orders exactly like the spec's average of the
 * three counts. Written the same way as the posts_relevance_idx expression so the index is used. */
export const relevanceScore = sql<number>`(${posts.likeCount} + ${posts.favoriteCount} + ${posts.commentCount})`;

const myLike = alias(postLikes, "my_like");
const myFavorite = alias(postFavorites, "my_favorite");
const myRsvp = alias(eventRsvps, "my_rsvp");

/** The columns of one post as the API shows it (see selectPosts for the viewer's state). */
const postSelection = {
  id: posts.id,
  clubId: posts.clubId,
  clubName: clubs.name,
  clubImageId: sql<string | null>`coalesce(${clubs.profileImageId}, ${clubs.imageId})`,
  clubOwnerId: clubs.ownerId,
  title: posts.title,
  shortDescription: posts.shortDescription,
  content: posts.content,
  instagramUrl: posts.instagramUrl,
  imageId: posts.imageId,
  thumbnailId: posts.thumbnailId,
  isEvent: posts.isEvent,
  eventDate: posts.eventDate,
  eventLocation: posts.eventLocation,
  capacity: posts.capacity,
  goingCount: posts.goingCount,
  waitlistCount: posts.waitlistCount,
  myRsvp: myRsvp.status,
  displayImageFirst: posts.displayImageFirst,
  createdAt: posts.createdAt,
  likeCount: posts.likeCount,
  favoriteCount: posts.favoriteCount,
  commentCount: posts.commentCount,
  views: posts.views,
  likedByMe: sql<boolean>`(${myLike.postId} is not null)`,
  favoritedByMe: sql<boolean>`(${myFavorite.postId} is not null)`,
  // Full microsecond precision for keyset cursors (a JS Date would drop microseconds), in UTC
  // ISO form whatever the session's TimeZone or DateStyle.
  createdAtKey: sql<string>`to_char(${posts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  score: relevanceScore,
};

/**
 * Posts with their club and the viewer's like/favorite, ready for where/orderBy/limit. The
 * viewer's state is a left join on the (post_id, user_id) primary keys: a nested-loop probe per
 * returned row. (EXISTS in the select list is planned as a hashed subplan over all of the
 * viewer's likes when the planner ignores the LIMIT, which grows with every like they give.)
 */
export function selectPosts(db: Executor, viewerId: number | null) {
  const viewer = viewerId ?? 0;
  return db
    .select(postSelection)
    .from(posts)
    .innerJoin(clubs, eq(clubs.id, posts.clubId))
    .leftJoin(myLike, and(eq(myLike.postId, posts.id), eq(myLike.userId, viewer)))
    .leftJoin(myFavorite, and(eq(myFavorite.postId, posts.id), eq(myFavorite.userId, viewer)))
    .leftJoin(myRsvp, and(eq(myRsvp.postId, posts.id), eq(myRsvp.userId, viewer)));
}

export type PostRow = NonNullable<Awaited<ReturnType<typeof findPostView>>>;

export async function findPostView(db: Executor, id: number, viewerId: number | null) {
  const rows = await selectPosts(db, viewerId).where(eq(posts.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The post with its club's owner, locked against concurrent edits when inside a transaction. */
export async function findPostForUpdate(db: Executor, id: number) {
  const rows = await db
    .select({ post: posts, clubOwnerId: clubs.ownerId })
    .from(posts)
    .innerJoin(clubs, eq(clubs.id, posts.clubId))
    .where(eq(posts.id, id))
    .limit(1)
    .for("update", { of: posts });
  return rows[0] ?? null;
}

export type PostValues = {
  title: string | null;
  shortDescription: string | null;
  content: string | null;
  instagramUrl: string | null;
  imageId: string | null;
  thumbnailId: string | null;
  isEvent: boolean;
  eventDate: Date | null;
  eventLocation: string | null;
  displayImageFirst: boolean;
  capacity: number | null;
};

export async function insertPost(
  db: Executor,
  values: PostValues & { clubId: number; authorId: number },
): Promise<number> {
  const rows = await db.insert(posts).values(values).returning({ id: posts.id });
  return rows[0]!.id;
}

export async function updatePost(db: Executor, id: number, values: PostValues) {
  await db
    .update(posts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(posts.id, id));
}

export async function deletePost(db: Executor, id: number) {
  await db.delete(posts).where(eq(posts.id, id));
}
