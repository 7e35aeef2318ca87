import { and, asc, eq, sql } from "drizzle-orm";
import { comments, posts, userBlocks, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

const commentSelection = {
  id: comments.id,
  postId: comments.postId,
  userId: comments.userId,
  content: comments.content,
  held: comments.held,
  createdAt: comments.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  pictureId: users.profilePictureId,
};

export type CommentRow = {
  id: number;
  postId: number;
  userId: number | null;
  content: string;
  held: boolean;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  pictureId: string | null;
};

/**
 * Oldest first on the (post_id, created_at) index; authors joined in the same query. Comments by
 * people the viewer blocked are left out (the post's comment_count still counts them), and held
 * comments are shown to their author only (comment_count counts them once approved).
 */
export async function selectComments(
  db: Executor,
  { postId, viewerId, limit, offset }: { postId: number; viewerId: number; limit: number; offset: number },
) {
  return await db
    .select(commentSelection)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(
      and(
        eq(comments.postId, postId),
        sql`(not ${comments.held} or ${comments.userId} = ${viewerId})`,
        sql`not exists (select 1 from ${userBlocks} b
          where b.blocker_id = ${viewerId} and b.blocked_id = ${comments.userId})`,
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit)
    .offset(offset);
}

export async function findComment(db: Executor, id: number) {
  const rows = await db
    .select(commentSelection)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Bumps the post's comment_count, locking the post row; null when the post does not exist. */
/**
 * Moves the post's comment count; null when the post is gone or, with `viewerId`, held from
 * them (a watched word: only the post's author sees it, so nobody else may comment on it).
 */
export async function bumpCommentCount(db: Executor, postId: number, delta: number, viewerId?: number) {
  const rows = await db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + ${delta}::int` })
    .where(and(eq(posts.id, postId), viewerId === undefined ? undefined : visiblePostTo(viewerId)))
    .returning({ commentCount: posts.commentCount });
  return rows[0]?.commentCount ?? null;
}

export async function insertComment(
  db: Executor,
  values: { postId: number; userId: number; content: string; held: boolean },
) {
  const rows = await db.insert(comments).values(values).returning({ id: comments.id });
  return rows[0]!.id;
}

/** Deletes the comment; returns its post id and whether it was held, or null when it was already gone. */
export async function deleteComment(db: Executor, id: number) {
  const rows = await db
    .delete(comments)
    .where(eq(comments.id, id))
    .returning({ postId: comments.postId, held: comments.held });
  return rows[0] ?? null;
}

/** Makes a held comment visible; returns its post id, or null when it is gone or not held. */
export async function releaseHeldComment(db: Executor, id: number) {
  const rows = await db
    .update(comments)
    .set({ held: false })
    .where(and(eq(comments.id, id), eq(comments.held, true)))
    .returning({ postId: comments.postId, userId: comments.userId });
  return rows[0] ?? null;
}

const visiblePostTo = (viewerId: number) => sql`(not ${posts.held} or ${posts.authorId} = ${viewerId})`;

/** Whether the post exists for `viewerId` (one a watched word holds exists for its author only). */
export async function postExists(db: Executor, postId: number, viewerId: number) {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), visiblePostTo(viewerId)))
    .limit(1);
  return rows.length > 0;
}
