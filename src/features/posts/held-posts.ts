import type { Executor } from "../../lib/database/client";
import { type NoticeWriter, notifyClubMembers } from "../notices";
import { isPostHeld, releaseHeldPost } from "./queries";

/**
 * What the moderation queue needs about posts a watched word held. Approval dates the post now:
 * it was unpublished until this moment, so it enters the feed at the top (every reader's feed
 * answer, and so its ETag, changes) and counts in its club's recent posts from now on.
 */
export async function approveHeldPost({ out, postId }: { out: NoticeWriter; postId: number }) {
  const released = await releaseHeldPost(out.db, postId);
  // Held, nobody heard of it; published now, the club's members do.
  if (released) {
    await notifyClubMembers(out, released.clubId, {
      kind: released.isPoll ? "club_poll" : released.isEvent ? "club_event" : "club_post",
      postId: released.id,
      actorId: released.authorId,
    });
  }
  return released;
}

export async function isHeldPost({ db, postId }: { db: Executor; postId: number }) {
  return await isPostHeld(db, postId);
}
