import type { MentionableMember } from "../../../common/api/mentions";
import { displayName } from "../../../common/display-name";
import { findMentionedUsernames } from "../../../common/mentions";
import { m } from "../../../common/messages";
import type { Executor } from "../../lib/database/client";
import { Forbidden, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import type { NoticeWriter } from "../notices";
import { notifyMentioned } from "../notices";
import { uploadUrl } from "../uploads";
import { findMemberAccess, selectMentionableMembers } from "./queries";

/**
 * The composer's @ list: members of the club matching what was typed. For the club's members and
 * admins (who may read its chat), and its owner (who sees the members on the club page anyway and
 * writes in the club's announcements); anyone else 403, an unknown club 404.
 */
export async function listMentionableMembers({
  db,
  user,
  clubId,
  q,
  limit,
}: {
  db: Executor;
  user: SessionUser;
  clubId: number;
  q: string;
  limit: number;
}): Promise<MentionableMember[]> {
  const access = await findMemberAccess(db, { userId: user.id, clubId });
  if (!access) throw new NotFound(m.chat.clubNotFound);
  if (!access.isMember && access.ownerId !== user.id && user.role !== "admin") {
    throw new Forbidden(m.chat.joinToChat);
  }
  const rows = await selectMentionableMembers(db, { clubId, viewerId: user.id, q, limit });
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    display_name: displayName(row),
    picture_url: uploadUrl(row.pictureId),
  }));
}

/**
 * After a club-chat message is stored (and not held by a watched word): the members it names
 * get a `mention` notice, and through it a push (src/features/push/notice-pushes.ts).
 */
/**
 * An edited message's newly named members: the `@username`s of its new text that the old one did
 * not name (those were notified when it was written, or when it was approved).
 */
export async function notifyEditMentions(
  out: NoticeWriter,
  message: { senderId: number; clubId: number; messageId: number; before: string; after: string },
) {
  const named = new Set(findMentionedUsernames(message.before));
  const usernames = findMentionedUsernames(message.after).filter((name) => !named.has(name));
  if (usernames.length === 0) return [];
  const { senderId, clubId, messageId } = message;
  return await notifyMentioned(out, { senderId, clubId, messageId, usernames });
}

export async function notifyMessageMentions(
  out: NoticeWriter,
  message: { senderId: number; clubId: number; messageId: number; content: string },
) {
  const usernames = findMentionedUsernames(message.content);
  if (usernames.length === 0) return [];
  return await notifyMentioned(out, { ...message, usernames });
}
