import { m } from "../../../client/messages";
import type { Database } from "../../lib/database/client";
import { NotFound } from "../../lib/errors";
import type { SessionUser } from "../auth/tokens";
import {
  bumpReactionCount,
  deleteReaction,
  incrementViews,
  insertReaction,
  markView,
  postExists,
  type Reaction,
  selectViews,
} from "./reactions-queries";

/** A post deleted between our check and our insert surfaces as a foreign-key violation. */
function isMissingPost(error: unknown): boolean {
  const code = (e: unknown) => (e as { code?: string } | null)?.code;
  return code(error) === "23503" || code((error as { cause?: unknown } | null)?.cause) === "23503";
}

/**
 * Toggles the caller's like or favorite. The row change and the counter change happen in one
 * transaction, and each is decided by what the statement itself did (insert … on conflict do
 * nothing returning / delete … returning), so the counter equals the number of rows however
 * many toggles race. Two racing toggles by one user that both find nothing to delete retry.
 */
export async function toggleReaction({
  db,
  user,
  postId,
  kind,
}: {
  db: Database;
  user: SessionUser;
  postId: number;
  kind: Reaction;
}): Promise<{ count: number; active: boolean }> {
  if (!(await postExists(db, postId))) throw new NotFound(m.posts.postNotFound);
  try {
    return await db.transaction(async (tx) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await insertReaction(tx, kind, postId, user.id)) {
          const count = await bumpReactionCount(tx, kind, postId, 1);
          if (count === null) break;
          return { count, active: true };
        }
        if (await deleteReaction(tx, kind, postId, user.id)) {
          const count = await bumpReactionCount(tx, kind, postId, -1);
          if (count === null) break;
          return { count, active: false };
        }
      }
      throw new NotFound(m.posts.postNotFound);
    });
  } catch (error) {
    if (isMissingPost(error)) throw new NotFound(m.posts.postNotFound);
    throw error;
  }
}

/** Counts the caller's view at most once per 24 hours per post; returns the views. */
export async function viewPost({ db, user, postId }: { db: Database; user: SessionUser; postId: number }) {
  if (!(await postExists(db, postId))) throw new NotFound(m.posts.postNotFound);
  try {
    const views = await db.transaction(async (tx) =>
      (await markView(tx, postId, user.id))
        ? await incrementViews(tx, postId)
        : await selectViews(tx, postId),
    );
    if (views === null) throw new NotFound(m.posts.postNotFound);
    return { views };
  } catch (error) {
    if (isMissingPost(error)) throw new NotFound(m.posts.postNotFound);
    throw error;
  }
}
