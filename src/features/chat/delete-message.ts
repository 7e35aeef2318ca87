import { m } from "../../../common/messages";
import type { Database, Executor } from "../../lib/database/client";
import { Forbidden, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { recordAudit } from "../../platform/audit/service";
import { findClubAccess, hasClubPermission } from "../clubs";
import { findMessageForChange, tombstoneMessage } from "./message-change-queries";
import { dropMessageImage } from "./message-images";
import { deleteMessageRow } from "./write-queries";

/**
 * Deletes one chat message (direct or club): its sender may delete their own; an admin any, and
 * in a club chat officers with moderate_chat too (recorded in the audit log as message.delete,
 * in the same transaction). It stays as a tombstone (no content, no reactions, `deleted: true`)
 * that polls (`changes_after`) and live followers (`message_updated`) are sent, so everyone sees
 * it was deleted. A held message nobody else saw is removed outright (approving an empty
 * tombstone would publish it). A tombstone cannot be deleted again (404).
 */
export async function deleteMessage({
  db,
  user,
  messageId,
}: {
  db: Database;
  user: SessionUser;
  messageId: number;
}) {
  await db.transaction(async (tx) => {
    const message = await findMessageForChange(tx, messageId);
    if (!message || message.deleted) throw new NotFound(m.safety.messageNotFound);
    const own = message.senderId === user.id;
    const mayDelete = own || (await mayModerate(tx, user, message.clubId, message.announcementClubId));
    if (!mayDelete) throw new Forbidden(m.safety.notMessageAuthor);
    await removeMessage(tx, message);
    if (!own) {
      await recordAudit({
        db: tx,
        actorId: user.id,
        action: "message.delete",
        targetType: "message",
        targetId: messageId,
        details: {
          sender_id: message.senderId,
          ...(message.announcementClubId !== null
            ? { club_id: message.announcementClubId, channel: "announcements" }
            : message.clubId === null
              ? { recipient_id: message.recipientId }
              : { club_id: message.clubId }),
        },
      });
    }
  });
}

/**
 * Someone else's message: an admin, or in a club chat an officer holding moderate_chat there.
 * Not the owner: the spec keeps owners out of their club's chat (they neither read nor send).
 * An aviso: whoever may write Avisos (the owner, officers with post), who speak for the club there.
 */
export async function mayModerate(
  db: Executor,
  user: SessionUser,
  clubId: number | null,
  announcementClubId: number | null = null,
): Promise<boolean> {
  if (user.role === "admin") return true;
  if (announcementClubId !== null) {
    const club = await findClubAccess(db, announcementClubId);
    return club !== null && (await hasClubPermission({ db, user, club, permission: "post" }));
  }
  if (clubId === null) return false;
  const club = await findClubAccess(db, clubId);
  if (!club || club.ownerId === user.id) return false;
  return await hasClubPermission({ db, user, club, permission: "moderate_chat" });
}

/**
 * A moderator's removal from a report: the same tombstone (or, for a held message, the row
 * removed), so every reader's poll and live connection see it go. Null when there is none.
 */
export async function removeReportedMessage(db: Executor, messageId: number) {
  const message = await findMessageForChange(db, messageId);
  if (!message || message.deleted) return null;
  await removeMessage(db, message);
  return { senderId: message.senderId, clubId: message.clubId, recipientId: message.recipientId };
}

async function removeMessage(db: Executor, message: { id: number; held: boolean }) {
  // Detached first: a photo nothing else uses leaves with its message.
  await dropMessageImage({ db, messageId: message.id });
  if (message.held) await deleteMessageRow(db, message.id);
  else await tombstoneMessage(db, message.id);
}
