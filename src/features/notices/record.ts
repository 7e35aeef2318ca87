import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import { emitNoticesCreated } from "./emitter";
import { insertMentionNotices } from "./mention-queries";
import {
  clubMemberIds,
  clubOwnerId,
  countClubMembers,
  findPostClubId,
  insertNoticesFor,
  markConversationRead,
  type NoticeFields,
  upsertChatNotices,
  userIdList,
} from "./queries";

/**
 * The notification centre's public module: other features call these where a notice's cause
 * happens (in their transaction when they have one). Every function skips the actor and anyone
 * who blocked the actor, and tells onNoticeCreated's listeners.
 */

/** Notices to the given people (a decision on their request, a moderation step, …). */
export async function notifyUsers(db: Executor, userIds: number[], notice: NoticeFields) {
  if (userIds.length === 0) return [];
  const rows = await insertNoticesFor(db, userIdList(userIds), notice);
  emitNoticesCreated(rows);
  return rows;
}

/**
 * A notice to every member of a club (a new post or event) in one INSERT … SELECT, so a club
 * of thousands costs one statement, not one per member.
 */
export async function notifyClubMembers(db: Executor, clubId: number, notice: Omit<NoticeFields, "clubId">) {
  const rows = await insertNoticesFor(db, clubMemberIds(clubId), { ...notice, clubId });
  emitNoticesCreated(rows);
  return rows;
}

export const NOTICE_FANOUT_QUEUE = "notice-fanout";

type FanOutJob = { clubId: number; kind: string; postId: number | null; actorId: number | null };

/**
 * A new post or event told to the club's members: in the request for a club up to
 * NOTICE_FANOUT_INLINE_MAX members, else through the job queue (the same one statement, in a
 * worker), so a club of thousands never slows the post.
 */
export async function fanOutClubPost(deps: Pick<AppDeps, "db" | "jobs" | "config">, job: FanOutJob) {
  if ((await countClubMembers(deps.db, job.clubId)) <= deps.config.NOTICE_FANOUT_INLINE_MAX) {
    await notifyClubMembers(deps.db, job.clubId, {
      kind: job.kind,
      postId: job.postId,
      actorId: job.actorId,
    });
    return;
  }
  await deps.jobs.send<FanOutJob>(NOTICE_FANOUT_QUEUE, job, {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
  });
}

export async function workNoticeFanOut(deps: Pick<AppDeps, "db" | "jobs">) {
  await deps.jobs.work<FanOutJob>(NOTICE_FANOUT_QUEUE, async ({ clubId, kind, postId, actorId }) => {
    await notifyClubMembers(deps.db, clubId, { kind, postId, actorId });
  });
}

/** A notice to a club's owner (a join request, a comment on the club's post). */
export async function notifyClubOwner(db: Executor, clubId: number, notice: Omit<NoticeFields, "clubId">) {
  const rows = await insertNoticesFor(db, clubOwnerId(clubId), { ...notice, clubId });
  emitNoticesCreated(rows);
  return rows;
}

/** A comment on a post: its club's owner hears of it (not when they wrote it themselves). */
export async function notifyPostComment(
  db: Executor,
  { postId, actorId }: { postId: number; actorId: number },
) {
  const clubId = await findPostClubId(db, postId);
  if (clubId === null) return [];
  return await notifyClubOwner(db, clubId, { kind: "post_comment", postId, actorId });
}

/** Seconds since the read mark moved within which a person counts as in the chat. */
const PRESENT_SECONDS = 10;

/** A direct message: the recipient's notice for the conversation grows (or starts). */
export async function notifyDirectMessage(
  db: Executor,
  { senderId, recipientId }: { senderId: number; recipientId: number },
) {
  const rows = await upsertChatNotices(db, {
    recipients: userIdList([recipientId]),
    kind: "direct_message",
    actorId: senderId,
    clubId: null,
    conversationKey: `user:${senderId}`,
    presentSeconds: PRESENT_SECONDS,
  });
  emitNoticesCreated(rows);
  return rows;
}

/** A club-chat message: every member's notice for that chat grows (or starts). */
export async function notifyClubMessage(
  db: Executor,
  { senderId, clubId }: { senderId: number; clubId: number },
) {
  const rows = await upsertChatNotices(db, {
    recipients: clubMemberIds(clubId),
    kind: "club_message",
    actorId: senderId,
    clubId,
    conversationKey: `club:${clubId}`,
    presentSeconds: PRESENT_SECONDS,
  });
  emitNoticesCreated(rows);
  return rows;
}

/**
 * `@username` mentions in a club-chat message: one `mention` notice per named member of the
 * club (never the sender, never across a block either way), whose path opens the chat at the
 * message. Never marked muted: a mention reaches a person who muted the club (MUTE_PIERCING_KINDS).
 */
export async function notifyMentioned(
  db: Executor,
  mention: { senderId: number; clubId: number; messageId: number; usernames: string[] },
) {
  if (mention.usernames.length === 0) return [];
  const rows = await insertMentionNotices(db, mention);
  emitNoticesCreated(rows);
  return rows;
}

/** Opening a chat reads its notice (`key` as conversation_reads: "user:<id>" or "club:<id>"). */
export async function readConversationNotice(db: Executor, userId: number, key: string) {
  await markConversationRead(db, userId, key);
}
