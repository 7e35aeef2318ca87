import type { Executor } from "../../lib/database/client";
import { conversationLockKey } from "./service";
import { findHeldMessage, lockConversation, releaseHeldMessage } from "./write-queries";

/**
 * An admin approves a chat message a watched word held. Polls ask for messages `after` the
 * newest id they have, tag pages by that id, and unread counts are "ids above the read mark":
 * a message published under its original (older) id would reach none of them. So approval
 * hands it a new id, as if it were sent now: every reader's next poll delivers it, their ETag
 * changes, and it raises the recipient's badge once. Its sender's copy under the old id goes
 * away (their next full read shows the new one). Returns the new id, null when not held.
 */
export async function approveHeldMessage({ db, messageId }: { db: Executor; messageId: number }) {
  const found = await findHeldMessage(db, messageId);
  if (!found) return null;
  const target =
    found.clubId !== null
      ? ({ type: "club", id: found.clubId } as const)
      : found.announcementClubId !== null
        ? ({ type: "announcements", id: found.announcementClubId } as const)
        : ({ type: "user", id: found.recipientId ?? 0 } as const);
  await lockConversation(db, conversationLockKey(found.senderId, target));
  return await releaseHeldMessage(db, messageId);
}

export async function isHeldMessage({ db, messageId }: { db: Executor; messageId: number }) {
  return (await findHeldMessage(db, messageId)) !== null;
}
