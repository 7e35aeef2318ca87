import { EDIT_WINDOW_MINUTES, type ReactionEmoji } from "../../../common/api/chat";
import { format, m } from "../../../common/messages";
import type { Database, Executor } from "../../lib/database/client";
import { Conflict, Forbidden, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { assertCanMessage, hasBlocked } from "../blocks";
import { notifyEditMentions } from "../mentions";
import type { NoticeWriter } from "../notices";
import { assertNotMuted } from "../users";
import { reportScreenedText, screenTexts } from "../watched-words";
import { assertAnnouncementsReader, assertAnnouncementsWriter } from "./announcements-access";
import {
  type ChangeableMessage,
  deleteReaction,
  findMessageForChange,
  findMessageView,
  insertReaction,
  updateMessageContent,
} from "./message-change-queries";
import { toJson } from "./message-json";
import { findClubAccess } from "./queries";
import type { MessageJson } from "./schema";
import { assertClubReadable, assertClubWritable } from "./service";

/**
 * Changes to a message after it was sent: its sender's edit, anyone's reaction. The rules of
 * sending hold for them: the caller must still be in the conversation (a club member, not its
 * owner; a direct chat's party), blocks either way refuse a direct chat, a muted person changes
 * nothing. Each change takes a new change_seq, so polls (`changes_after`) and live followers
 * (`message_updated`) pick it up.
 */

/** Reads the message locked, refusing who may not see it (404, as if it did not exist). */
async function lockVisible(db: Executor, user: SessionUser, messageId: number): Promise<ChangeableMessage> {
  const message = await findMessageForChange(db, messageId);
  if (!message) throw new NotFound(m.safety.messageNotFound);
  const party = message.senderId === user.id || message.recipientId === user.id;
  const club = message.clubId ?? message.announcementClubId;
  const hidden =
    (message.held && message.senderId !== user.id) ||
    (club === null && !party) ||
    (club !== null && message.senderId !== user.id && (await hasBlocked(db, user.id, message.senderId)));
  if (hidden) throw new NotFound(m.safety.messageNotFound);
  return message;
}

/** The caller may still write in the message's conversation (as a send would check). */
async function assertStillInConversation(db: Database, user: SessionUser, message: ChangeableMessage) {
  if (message.announcementClubId !== null) {
    await assertAnnouncementsReader(db, user, message.announcementClubId);
    return;
  }
  if (message.clubId !== null) {
    const access = await findClubAccess(db, { userId: user.id, clubId: message.clubId });
    if (!access) throw new NotFound(m.chat.clubNotFound);
    assertClubReadable(user, access);
    return;
  }
  const otherId = message.senderId === user.id ? (message.recipientId ?? 0) : message.senderId;
  await assertCanMessage(db, user.id, otherId);
}

async function viewOf(db: Database, user: SessionUser, messageId: number): Promise<MessageJson> {
  const row = await findMessageView(db, { id: messageId, viewerId: user.id });
  if (!row) throw new NotFound(m.safety.messageNotFound);
  return toJson(row, user.id);
}

/**
 * Its sender changes a message within EDIT_WINDOW_MINUTES of sending it (by the database's
 * clock); watched words screen the new text as on send (a hold hides it again until approved).
 */
export async function editMessage({
  db,
  jobs,
  user,
  messageId,
  content,
}: {
  db: Database;
  jobs: NoticeWriter["jobs"];
  user: SessionUser;
  messageId: number;
  content: string;
}): Promise<MessageJson> {
  assertNotMuted(user);
  const text = content.trim();
  const screened = await screenTexts({ db, kind: "message", authorId: user.id, texts: [text] });
  // Who may edit is checked before the transaction: the checks read on the pool (postgres.js
  // statements, queries.ts says why), which must not wait behind a connection the transaction holds.
  const found = await lockVisible(db, user, messageId);
  if (found.senderId !== user.id) throw new Forbidden(m.chat.editOwnOnly);
  if (found.announcementClubId !== null) await assertAnnouncementsWriter(db, user, found.announcementClubId);
  else if (found.clubId !== null) {
    const access = await findClubAccess(db, { userId: user.id, clubId: found.clubId });
    if (!access) throw new NotFound(m.chat.clubNotFound);
    assertClubWritable(user, access);
  } else await assertCanMessage(db, user.id, found.recipientId ?? 0);
  await db.transaction(async (tx) => {
    const message = await lockVisible(tx, user, messageId);
    if (message.deleted) throw new Conflict(m.chat.messageDeleted);
    if (message.ageMinutes >= EDIT_WINDOW_MINUTES) {
      throw new Forbidden(format(m.chat.editWindowPassed, { minutes: EDIT_WINDOW_MINUTES }));
    }
    const held = message.held || screened.held;
    const stored = screened.texts[0] ?? text;
    await updateMessageContent(tx, { id: messageId, content: stored, held });
    await reportScreenedText({
      db: tx,
      screened,
      targetType: "message",
      targetId: messageId,
      authorId: user.id,
    });
    // A name the edit adds is called as a send's would be, in the same transaction; a held
    // message calls nobody (its names are called when it is approved, as a send's are).
    const clubId = message.clubId ?? message.announcementClubId;
    if (!held && clubId !== null) {
      const edit = { senderId: user.id, clubId, messageId, before: message.content, after: stored };
      await notifyEditMentions({ db: tx, jobs }, edit);
    }
  });
  return viewOf(db, user, messageId);
}

/** Adds (`on`) or removes the caller's `emoji` on a message; a repeat changes nothing. */
export async function setReaction({
  db,
  user,
  messageId,
  emoji,
  on,
}: {
  db: Database;
  user: SessionUser;
  messageId: number;
  emoji: ReactionEmoji;
  on: boolean;
}): Promise<MessageJson> {
  assertNotMuted(user);
  // Checked before the transaction, on the pool (see editMessage).
  await assertStillInConversation(db, user, await lockVisible(db, user, messageId));
  await db.transaction(async (tx) => {
    const message = await lockVisible(tx, user, messageId);
    if (message.deleted) throw new Conflict(m.chat.messageDeleted);
    const change = { messageId, userId: user.id, emoji };
    if (on) await insertReaction(tx, change);
    else await deleteReaction(tx, change);
  });
  return viewOf(db, user, messageId);
}
