import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Invalid, NotFound } from "../../lib/errors";
import { changeKeys } from "../../lib/poll-memory/keys";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { SessionUser } from "../../lib/session-token";
import { readConversationNoticeFor } from "../notices";
import { assertAnnouncementsReader } from "./announcements-access";
import { readNewestAnnouncement } from "./announcements-live";
import {
  advanceReadMarks,
  findBlockedIdsOf,
  findClubChangesAfter,
  findClubMessagesAfter,
  findNewestMessageId,
} from "./live-queries";
import { toJson, viewKeyOf } from "./message-json";
import type { MessageRow } from "./queries";
import { findClubAccess, userExists } from "./queries";
import { readConversation } from "./read-conversation";
import type { MessageJson } from "./schema";
import { assertClubReadable, type ChatTarget, conversationKey } from "./service";

/**
 * The chat feature's public surface for the live connection (src/features/live): who may follow
 * a conversation, and what a follower is sent. The rules are the poll's: a follower sees what
 * their next `GET /api/messages/{user|club}/{id}` would return, and receiving it marks it read
 * as that poll does.
 */

/** At most this many messages are sent per conversation per change (a burst continues on the next). */
export const LIVE_BATCH = 100;

/** The change key whose NOTIFY means the conversation may have new messages. */
export function conversationChangeKey(userId: number, target: ChatTarget): string {
  if (target.type === "announcements") return changeKeys.announcements(target.id);
  return target.type === "club" ? changeKeys.club(target.id) : changeKeys.direct(userId, target.id);
}

/**
 * Throws what the poll would (NotFound, Forbidden, Invalid) when `user` may not read the
 * conversation; otherwise returns its newest message id and change_seq, where following it
 * starts, and for a club chat whether they have read all of it already (`readAll`).
 */
export async function startFollowing({
  db,
  user,
  target,
}: {
  db: Database;
  user: SessionUser;
  target: ChatTarget;
}): Promise<{ id: number; changeSeq: number; readAll?: boolean }> {
  if (target.type === "user") {
    if (target.id === user.id) throw new Invalid(m.chat.cannotMessageSelf);
    if (!(await userExists(db, target.id))) throw new NotFound(m.chat.userNotFound);
    return findNewestMessageId(db, { type: "user", userId: user.id, otherId: target.id });
  }
  if (target.type === "announcements") {
    await assertAnnouncementsReader(db, user, target.id);
    return readNewestAnnouncement(db, target.id);
  }
  const access = await findClubAccess(db, { userId: user.id, clubId: target.id });
  if (!access) throw new NotFound(m.chat.clubNotFound);
  assertClubReadable(user, access);
  const { readUpTo = 0, ...newest } = await findNewestMessageId(db, {
    type: "club",
    clubId: target.id,
    readerId: user.id,
  });
  return { ...newest, readAll: readUpTo >= newest.id };
}

/**
 * A direct conversation's messages after `after` and the older ones changed after change_seq
 * `changesAfter`, as the poll returns them (the new ones marked read), with the newest change_seq.
 */
export async function readDirectUpdates({
  db,
  memory,
  user,
  otherId,
  after,
  changesAfter,
}: {
  db: Database;
  memory: PollMemory;
  user: SessionUser;
  otherId: number;
  after: number;
  changesAfter: number;
}): Promise<{ added: MessageJson[]; changed: MessageJson[]; changeSeq: number }> {
  const target: ChatTarget = { type: "user", id: otherId };
  const query = { after, changes_after: changesAfter, limit: LIVE_BATCH };
  const read = await readConversation({ db, memory, user, target, query });
  return {
    added: read.messages.filter((message) => message.id > after),
    changed: read.messages.filter((message) => message.id <= after),
    changeSeq: read.changeSeq,
  };
}

/** A club's messages up to `upToId` changed after `after`, read once for every follower. */
export function readClubChanges(
  db: Database,
  { clubId, after, upToId }: { clubId: number; after: number; upToId: number },
): Promise<MessageRow[]> {
  return findClubChangesAfter(db, { channel: "club", clubId, after, upToId, limit: LIVE_BATCH });
}

/** A club's new messages, read once for every follower (see viewOfClubMessages). */
export function readNewClubMessages(db: Database, clubId: number, after: number): Promise<MessageRow[]> {
  return findClubMessagesAfter(db, { channel: "club", clubId, after, limit: LIVE_BATCH });
}

/** The people each follower blocked (their club messages are left out, as in the poll). */
export function readBlockedIdsOf(db: Database, userIds: number[]): Promise<Map<number, Set<number>>> {
  return findBlockedIdsOf(db, userIds);
}

/** A follower of a club chat, as far as their view of its messages goes. */
export type ClubViewer = { id: number; blocked: ReadonlySet<number> };

/**
 * One message as one follower sees it: `key` is the same for every follower who gets the same
 * JSON (viewKeyOf), so the live connection serialises a frame once per key, not per follower.
 */
export type ClubView = { row: MessageRow; key: string };

/** Whether a follower's poll shows `row`: a held message only to its sender, nobody they blocked. */
function visibleTo(row: MessageRow, viewer: ClubViewer): boolean {
  return (!row.held || row.senderId === viewer.id) && !viewer.blocked.has(row.senderId);
}

/** What one follower's poll would show of `rows` past their cursor `after`, each with its view key. */
export function viewsOfClubMessages(
  rows: readonly MessageRow[],
  viewer: ClubViewer,
  after: number,
): ClubView[] {
  return rows
    .filter((row) => row.id > after && visibleTo(row, viewer))
    .map((row) => ({ row, key: viewKeyOf(row, viewer.id, viewer.blocked) }));
}

/**
 * What one follower is sent of changed club messages: those they were already sent (id up to
 * their cursor) and changed after their change cursor, as their poll would show them.
 */
export function viewsOfClubChanges(
  rows: readonly MessageRow[],
  viewer: ClubViewer,
  { cursor, changeCursor }: { cursor: number; changeCursor: number },
): ClubView[] {
  return rows
    .filter((row) => row.id <= cursor && (row.changeSeq ?? 0) > changeCursor && visibleTo(row, viewer))
    .map((row) => ({ row, key: viewKeyOf(row, viewer.id, viewer.blocked) }));
}

/** The JSON of a view for `viewer` (the same for every viewer with the view's key). */
export function jsonOfView(view: ClubView, viewer: ClubViewer): MessageJson {
  return toJson(view.row, viewer.id, viewer.blocked);
}

/** Marks a club chat read up to what each follower was sent, as their poll would have. */
export async function markClubDelivered(
  db: Database,
  clubId: number,
  marks: { userId: number; lastReadId: number }[],
): Promise<void> {
  if (marks.length === 0) return;
  const key = conversationKey({ type: "club", id: clubId });
  await advanceReadMarks(db, { key, marks });
  await readConversationNoticeFor(
    db,
    marks.map((mark) => mark.userId),
    key,
  );
}
