import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Forbidden } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { placeAnnouncementChannels } from "./announcements-conversations";
import { toConversationJson } from "./conversation-json";
import { listAnnouncementChannels } from "./conversation-queries";
import { listConversationRows } from "./hot-queries";
import type { ConversationJson } from "./schema";

/** A direct chat (`user`), a club's chat (`club`) or a club's Avisos channel (`announcements`). */
export type ChatTarget = { type: "user" | "club" | "announcements"; id: number };

/** A conversation contributes at most this many unread messages to a badge ("99+" territory). */
export const UNREAD_CAP = 100;

/** The caller's name for a conversation, as stored in conversation_reads. */
export function conversationKey(target: ChatTarget): string {
  return `${target.type}:${target.id}`;
}

/** The advisory lock that orders the ids of one conversation (see lockConversation). */
export function conversationLockKey(senderId: number, target: ChatTarget): string {
  return target.type === "user"
    ? `dm:${Math.min(senderId, target.id)}:${Math.max(senderId, target.id)}`
    : `${target.type}:${target.id}`;
}

/** Club chat is a room for the club's members and admins; the club's owner stays out of it. */
export function assertClubReadable(user: SessionUser, access: { ownerId: number | null; isMember: boolean }) {
  if (access.ownerId === user.id) throw new Forbidden(m.chat.ownerCannotRead);
  if (!access.isMember && user.role !== "admin") throw new Forbidden(m.chat.joinToChat);
}

export function assertClubWritable(user: SessionUser, access: { ownerId: number | null; isMember: boolean }) {
  if (access.ownerId === user.id) throw new Forbidden(m.chat.ownerCannotSend);
  if (!access.isMember && user.role !== "admin") throw new Forbidden(m.chat.joinToChat);
}

/** The chat screen's list: one row per conversation, newest activity first. */
export async function listConversations({
  db,
  user,
}: {
  db: Database;
  user: SessionUser;
}): Promise<ConversationJson[]> {
  const rows = await listConversationRows(db, { userId: user.id, unreadCap: UNREAD_CAP });
  const channels = await listAnnouncementChannels(db, { userId: user.id, unreadCap: UNREAD_CAP });
  const listed = rows.map((row) => toConversationJson(row, row));
  return placeAnnouncementChannels(listed, channels);
}
