import { m } from "../../../client/messages";
import type { Database } from "../../lib/database/client";
import { NotFound } from "../../lib/errors";
import type { SessionUser } from "../auth/tokens";
import {
  bumpReactionCount,
  deleteReaction,
  incrementViews,
  insertReaction,
  lockPost,
  markView,
  type Reaction,
  selectViews,
} from "./reactions-queries";

/**
 * Toggles the caller's like or favorite. The post row is locked first, so concurrent toggles of
 * one post take turns; the row change and the counter change commit together, each decided by
 * what its statement did (insert … on conflict do nothing returning / delete … returning), so
 * the counter equals the number of rows however many toggles race.
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
  return await db.transaction(async (tx) => {
    if (!(await lockPost(tx, postId))) throw new NotFound(m.posts.postNotFound);
    const active = await insertReaction(tx, kind, postId, user.id);
    if (!active) await deleteReaction(tx, kind, postId, user.id);
    const count = await bumpReactionCount(tx, kind, postId, active ? 1 : -1);
    return { count: count ?? 0, active };
  });
}

/** Counts the caller's view at most once per 24 hours per post; returns the views. */
export async function viewPost({ db, user, postId }: { db: Database; user: SessionUser; postId: number }) {
  const views = await db.transaction(async (tx) => {
    // Locked like a toggle: the post cannot vanish between the mark and the count.
    if (!(await lockPost(tx, postId))) throw new NotFound(m.posts.postNotFound);
    return (await markView(tx, postId, user.id))
      ? await incrementViews(tx, postId)
      : await selectViews(tx, postId);
  });
  return { views: views ?? 0 };
}
