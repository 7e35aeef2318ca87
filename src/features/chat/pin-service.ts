import type { PinnedJson } from "../../../common/api/chat-pins";
import { m } from "../../../common/messages";
import type { Database, Executor } from "../../lib/database/client";
import { Conflict, Forbidden, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { recordAudit } from "../../platform/audit/service";
import { hasBlocked } from "../blocks";
import { mayModerate } from "./delete-message";
import { findMessageForChange, findMessageView } from "./message-change-queries";
import { toJson } from "./message-json";
import { deletePin, selectPin, upsertPin } from "./pin-queries";
import { findClubAccess } from "./queries";
import { assertClubReadable } from "./service";

/**
 * One pinned message per club chat (issue 49): officers with moderate_chat and admins pin and
 * unpin (not the owner: the spec keeps owners out of their club's chat, as for deletions). Each
 * pin and unpin is an audit-log line in the same transaction; the pin row's trigger tells the
 * live followers (`pin` frame, docs/live.md).
 */

const NOTHING: PinnedJson = { message: null, pinned_by: null, pinned_at: null };

/** The message to pin or unpin, locked; 404 for what the caller may not know exists. */
async function findModeratedMessage(tx: Executor, user: SessionUser, messageId: number) {
  const message = await findMessageForChange(tx, messageId);
  // A held message was seen by its sender only; someone else's direct message is not the caller's.
  const party = message && (message.senderId === user.id || message.recipientId === user.id);
  if (!message || message.held || (message.clubId === null && !party))
    throw new NotFound(m.safety.messageNotFound);
  if (message.clubId === null) throw new Conflict(m.chatPins.clubOnly);
  if (!(await mayModerate(tx, user, message.clubId))) throw new Forbidden(m.chatPins.forbidden);
  return { ...message, clubId: message.clubId };
}

/** Pins a club-chat message; a message pinned before in that chat is unpinned by it. */
export async function pinMessage({
  db,
  user,
  messageId,
}: {
  db: Database;
  user: SessionUser;
  messageId: number;
}): Promise<PinnedJson> {
  const clubId = await db.transaction(async (tx) => {
    const message = await findModeratedMessage(tx, user, messageId);
    if (message.deleted) throw new Conflict(m.chatPins.deleted);
    const replaced = await upsertPin(tx, { clubId: message.clubId, messageId, pinnedBy: user.id });
    await recordAudit({
      db: tx,
      actorId: user.id,
      action: "message.pin",
      targetType: "message",
      targetId: messageId,
      details: { club_id: message.clubId, sender_id: message.senderId, replaced_message_id: replaced },
    });
    return message.clubId;
  });
  return await readPin(db, user.id, clubId);
}

/** Unpins the club chat's pinned message (404 when `messageId` is not the pinned one). */
export async function unpinMessage({
  db,
  user,
  messageId,
}: {
  db: Database;
  user: SessionUser;
  messageId: number;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const message = await findModeratedMessage(tx, user, messageId);
    if (!(await deletePin(tx, message.clubId, messageId))) throw new NotFound(m.chatPins.notPinned);
    await recordAudit({
      db: tx,
      actorId: user.id,
      action: "message.unpin",
      targetType: "message",
      targetId: messageId,
      details: { club_id: message.clubId, sender_id: message.senderId },
    });
  });
}

/** The club chat's pinned message for whoever may read that chat (its members and admins). */
export async function getPinned({
  db,
  user,
  clubId,
}: {
  db: Database;
  user: SessionUser;
  clubId: number;
}): Promise<PinnedJson> {
  const access = await findClubAccess(db, { userId: user.id, clubId });
  if (!access) throw new NotFound(m.chat.clubNotFound);
  assertClubReadable(user, access);
  return await readPin(db, user.id, clubId);
}

/** The pin as `viewerId` sees it: nothing when it is deleted, held or from someone they blocked. */
async function readPin(db: Database, viewerId: number, clubId: number): Promise<PinnedJson> {
  const pin = await selectPin(db, clubId);
  if (!pin) return NOTHING;
  const row = await findMessageView(db, { id: pin.messageId, viewerId });
  if (!row || row.deleted || row.held) return NOTHING;
  if (row.senderId !== viewerId && (await hasBlocked(db, viewerId, row.senderId))) return NOTHING;
  return {
    message: toJson(row, viewerId),
    pinned_by: pin.pinnedBy,
    pinned_at: pin.pinnedAt.toISOString(),
  };
}

/** The pinned message's id in a club chat, or null (the live `pin` frame). */
export async function readPinnedMessageId(db: Database, clubId: number): Promise<number | null> {
  return (await selectPin(db, clubId))?.messageId ?? null;
}
