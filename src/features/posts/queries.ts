import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { clubs, eventRsvps, polls, postFavorites, postLikes, posts } from "../../../db/schema";
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
  // The club's cover: a post without its own picture shows it in the feed (issue 38).
  clubCoverId: clubs.imageId,
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
  // A poll's post: the card loads its results from /api/polls/{id} (votes change too often for
  // the remembered feed pages).
  pollId: polls.id,
  displayImageFirst: posts.displayImageFirst,
  held: posts.held,
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
    .select({
      ...postSelection,
      // The viewer's officer permissions in the post's club (null: no officer there), so
      // can_edit / can_check_in count officers (issue 49). A scalar subquery on the primary key,
      // one probe per returned row: as one more left join it pushed the scope=connected feed
      // past the planner's join_collapse_limit (8), from about 6 ms to 130 ms a page with seq
      // scans on 100,000 posts (scripts/bench/feed.ts).
      myOfficerPermissions: sql<string[] | null>`(select o.permissions from club_officers o
        where o.club_id = ${posts.clubId} and o.user_id = ${viewer})`,
    })
    .from(posts)
    .innerJoin(clubs, eq(clubs.id, posts.clubId))
    .leftJoin(myLike, and(eq(myLike.postId, posts.id), eq(myLike.userId, viewer)))
    .leftJoin(myFavorite, and(eq(myFavorite.postId, posts.id), eq(myFavorite.userId, viewer)))
    .leftJoin(myRsvp, and(eq(myRsvp.postId, posts.id), eq(myRsvp.userId, viewer)))
    .leftJoin(polls, eq(polls.postId, posts.id));
}

/**
 * A post a watched word held is shown to its author only (until an admin approves it); every
 * read of posts for people goes through this condition. `viewer` is a value or a placeholder.
 */
export function visiblePost(viewer: unknown): SQL {
  return sql`(not ${posts.held} or ${posts.authorId} = ${viewer ?? 0})`;
}

export type PostRow = NonNullable<Awaited<ReturnType<typeof findPostView>>>;

/** The post as `viewerId` may see it: null when it does not exist or is held from them. */
export async function findPostView(db: Executor, id: number, viewerId: number | null) {
  const rows = await selectPosts(db, viewerId)
    .where(and(eq(posts.id, id), visiblePost(viewerId)))
    .limit(1);
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
  /** Only ever set to true by a write: an admin's approval clears it (releaseHeldPost). */
  held?: boolean;
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

/**
 * Publishes a held post: visible to everyone from now on, dated now (so it enters the feed's
 * top and the top-clubs window like a new post). Null when it is gone or not held.
 */
export async function releaseHeldPost(db: Executor, id: number) {
  const rows = await db
    .update(posts)
    .set({ held: false, createdAt: sql`now()` })
    .where(and(eq(posts.id, id), eq(posts.held, true)))
    .returning({
      id: posts.id,
      isEvent: posts.isEvent,
      eventDate: posts.eventDate,
      clubId: posts.clubId,
      authorId: posts.authorId,
      // A poll's post: members hear of it as a poll (issue 49).
      isPoll: sql<boolean>`exists (select 1 from ${polls} where ${polls.postId} = ${posts.id})`,
    });
  return rows[0] ?? null;
}

export async function isPostHeld(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ held: posts.held }).from(posts).where(eq(posts.id, id)).limit(1);
  return rows[0]?.held ?? false;
}

export async function deletePost(db: Executor, id: number) {
  await db.delete(posts).where(eq(posts.id, id));
}
