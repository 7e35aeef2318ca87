import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import {
  bumpReactionCount,
  deleteReaction,
  incrementViews,
  insertReaction,
  lockReactionKey,
  markView,
  type Reaction,
  selectViews,
} from "./reactions-queries";

/** A post that does not exist (or was deleted meanwhile) surfaces as a foreign-key violation. */
function isMissingPost(error: unknown): boolean {
  const code = (e: unknown) => (e as { code?: string } | null)?.code;
  return code(error) === "23503" || code((error as { cause?: unknown } | null)?.cause) === "23503";
}

async function notFoundIfMissing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isMissingPost(error)) throw new NotFound(m.posts.postNotFound);
    throw error;
  }
}

/**
 * Toggles the caller's like or favorite. The row change and the counter change commit together,
 * each decided by what its own statement did (insert … on conflict do nothing returning / delete
 * … returning), so the counter always equals the number of rows, however many users toggle at
 * once. The same user's concurrent toggles take turns on a per-(post, user) advisory lock; the
 * post row itself is locked only from the counter update to the commit.
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
  return await notFoundIfMissing(() =>
    db.transaction(async (tx) => {
      await lockReactionKey(tx, kind, postId, user.id);
      const active = await insertReaction(tx, kind, postId, user.id);
      if (!active) await deleteReaction(tx, kind, postId, user.id);
      const count = await bumpReactionCount(tx, { kind, postId, userId: user.id, delta: active ? 1 : -1 });
      if (count === null) throw new NotFound(m.posts.postNotFound);
      return { count, active };
    }),
  );
}

/**
 * Counts the caller's view at most once per 24 hours per post; returns the views. The upsert on
 * (post_id, user_id) settles one user's concurrent opens: only one of them finds the row stale.
 */
export async function viewPost({ db, user, postId }: { db: Database; user: SessionUser; postId: number }) {
  const views = await notFoundIfMissing(() =>
    db.transaction(async (tx) =>
      (await markView(tx, postId, user.id))
        ? await incrementViews(tx, postId)
        : await selectViews(tx, postId),
    ),
  );
  if (views === null) throw new NotFound(m.posts.postNotFound);
  return { views };
}
