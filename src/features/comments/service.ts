import { displayName } from "../../../common/display-name";
import { m } from "../../../common/messages";
import type { Database, Executor } from "../../lib/database/client";
import { Forbidden, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { recordAudit } from "../../platform/audit/service";
import { type NoticeWriter, notifyPostComment } from "../notices";
import { uploadUrl } from "../uploads";
import { assertNotMuted } from "../users";
import { reportScreenedText, screenTexts } from "../watched-words";
import {
  bumpCommentCount,
  type CommentRow,
  deleteComment as deleteCommentRow,
  findComment,
  insertComment,
  postExists,
  releaseHeldComment,
  selectComments,
} from "./queries";
import type { CommentJson } from "./schema";

function toCommentJson(row: CommentRow): CommentJson {
  return {
    id: row.id,
    post_id: row.postId,
    user_id: row.userId,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    author_display_name: displayName(row, m.posts.deletedUser),
    author_first_name: row.firstName,
    author_last_name: row.lastName,
    author_username: row.username,
    author_picture_url: uploadUrl(row.pictureId),
    pending_review: row.held,
  };
}

export async function listComments({
  db,
  viewerId,
  postId,
  limit,
  offset,
}: {
  db: Database;
  viewerId: number;
  postId: number;
  limit: number;
  offset: number;
}): Promise<CommentJson[]> {
  const rows = await selectComments(db, { postId, viewerId, limit, offset });
  if (rows.length === 0 && !(await postExists(db, postId, viewerId)))
    throw new NotFound(m.posts.postNotFound);
  return rows.map(toCommentJson);
}

/**
 * content arrives trimmed and non-empty (the body schema), then goes through the watched words
 * (refused, censored, flagged or held). The counter moves in the same transaction; a held
 * comment is counted when an admin approves it, since nobody else sees it until then.
 */
export async function addComment({
  db,
  jobs,
  user,
  postId,
  content,
}: {
  db: Database;
  jobs: NoticeWriter["jobs"];
  user: SessionUser;
  postId: number;
  content: string;
}): Promise<CommentJson> {
  assertNotMuted(user);
  const screened = await screenTexts({ db, kind: "comment", authorId: user.id, texts: [content] });
  const id = await db.transaction(async (tx) => {
    // Locks the post first, so a concurrent delete of the post cannot interleave.
    if ((await bumpCommentCount(tx, postId, screened.held ? 0 : 1, user.id)) === null) {
      throw new NotFound(m.posts.postNotFound);
    }
    const stored = screened.texts[0] ?? content;
    const commentId = await insertComment(tx, {
      postId,
      userId: user.id,
      content: stored,
      held: screened.held,
    });
    await reportScreenedText({
      db: tx,
      screened,
      targetType: "comment",
      targetId: commentId,
      authorId: user.id,
    });
    // A held comment is hidden until approved: nobody hears of it yet. In the comment's
    // transaction, with its push job.
    if (!screened.held) await notifyPostComment({ db: tx, jobs }, { postId, actorId: user.id });
    return commentId;
  });
  const row = await findComment(db, id);
  if (!row) throw new NotFound(m.posts.commentNotFound);
  return toCommentJson(row);
}

/**
 * Deletes a comment: its author may delete their own; an admin any (recorded in the audit log
 * as comment.delete, in the same transaction).
 */
export async function deleteComment({
  db,
  user,
  commentId,
  asAdmin,
}: {
  db: Database;
  user: SessionUser;
  commentId: number;
  asAdmin: boolean;
}) {
  await db.transaction(async (tx) => {
    const comment = await findComment(tx, commentId);
    if (!comment) throw new NotFound(m.posts.commentNotFound);
    const moderating = user.role === "admin" && (asAdmin || comment.userId !== user.id);
    if (!moderating && comment.userId !== user.id) throw new Forbidden(m.posts.notCommentAuthor);
    const deleted = await deleteCommentRow(tx, commentId);
    if (deleted === null) throw new NotFound(m.posts.commentNotFound);
    const postId = deleted.postId;
    // A held comment was never counted.
    if (!deleted.held) await bumpCommentCount(tx, postId, -1);
    if (moderating) {
      await recordAudit({
        db: tx,
        actorId: user.id,
        action: "comment.delete",
        targetType: "comment",
        targetId: commentId,
        details: { post_id: postId, author_id: comment.userId },
      });
    }
  });
}

/** An admin approves a held comment (from the queue): everyone sees it and the post counts it. */
export async function approveHeldComment({ db, commentId }: { db: Executor; commentId: number }) {
  const released = await releaseHeldComment(db, commentId);
  if (!released) return null;
  await bumpCommentCount(db, released.postId, 1);
  return released;
}

export async function isCommentHeld({ db, commentId }: { db: Executor; commentId: number }) {
  return (await findComment(db, commentId))?.held ?? false;
}
