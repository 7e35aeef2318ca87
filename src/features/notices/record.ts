import type { AppDeps } from "../../deps";
import { type Executor, isTransaction } from "../../lib/database/client";
import { insertMentionNotices } from "./mention-queries";
import { type NoticeWriter, queueNoticePushes, queuePushJobs } from "./push-queue";
import {
  clubMemberAndOwnerIds,
  clubMemberIds,
  clubOwnerId,
  countClubMembers,
  findPostClubId,
  insertNoticesFor,
  markConversationRead,
  markConversationReadFor,
  markJoinRequestNoticesRead,
  type NoticeFields,
  type NoticeRow,
  PRESENT_SECONDS,
  upsertChatNotices,
  userIdList,
} from "./queries";

export type { NoticeWriter } from "./push-queue";

/**
 * The notification centre's public module: other features call these where a notice's cause
 * happens, with their transaction when they have one. Every function skips the actor and anyone
 * who blocked the actor, and queues the notices' push job in the same transaction as the notices
 * (the caller's transaction, else a transaction of its own), so nothing waits
 * in memory between the write and the queue.
 */
async function writeNotices(out: NoticeWriter, write: (tx: Executor) => Promise<NoticeRow[]>) {
  const inOne = async (tx: Executor) => {
    const rows = await write(tx);
    await queueNoticePushes(out.jobs, tx, rows);
    return rows;
  };
  // Inside the caller's transaction, no savepoint: an error aborts that transaction anyway, and
  // a chat send holds its conversation's lock through every round trip (SAVEPOINT, RELEASE).
  if (isTransaction(out.db)) return await inOne(out.db);
  return await out.db.transaction(inOne);
}

/** Notices to the given people (a decision on their request, a moderation step, …). */
export async function notifyUsers(out: NoticeWriter, userIds: number[], notice: NoticeFields) {
  if (userIds.length === 0) return [];
  return await writeNotices(out, (tx) => insertNoticesFor(tx, userIdList(userIds), notice));
}

/**
 * A notice to every member of a club (a new post or event) in one INSERT … SELECT, so a club
 * of thousands costs one statement, not one per member.
 */
export async function notifyClubMembers(
  out: NoticeWriter,
  clubId: number,
  notice: Omit<NoticeFields, "clubId">,
) {
  return await writeNotices(out, (tx) => insertNoticesFor(tx, clubMemberIds(clubId), { ...notice, clubId }));
}

const NOTICE_FANOUT_QUEUE = "notice-fanout";

type FanOutJob = { clubId: number; kind: string; postId: number | null; actorId: number | null };

/**
 * A new post or event told to the club's members: in the request for a club up to
 * NOTICE_FANOUT_INLINE_MAX members, else through the job queue (the same one statement, in a
 * worker), so a club of thousands never slows the post.
 */
export async function fanOutClubPost(deps: Pick<AppDeps, "db" | "jobs" | "config">, job: FanOutJob) {
  if ((await countClubMembers(deps.db, job.clubId)) <= deps.config.NOTICE_FANOUT_INLINE_MAX) {
    await notifyClubMembers(deps, job.clubId, { kind: job.kind, postId: job.postId, actorId: job.actorId });
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
    await notifyClubMembers(deps, clubId, { kind, postId, actorId });
  });
}

/** A notice to a club's owner (a join request, a comment on the club's post). */
export async function notifyClubOwner(
  out: NoticeWriter,
  clubId: number,
  notice: Omit<NoticeFields, "clubId">,
) {
  return await writeNotices(out, (tx) => insertNoticesFor(tx, clubOwnerId(clubId), { ...notice, clubId }));
}

/** A comment on a post: its club's owner hears of it (not when they wrote it themselves). */
export async function notifyPostComment(
  out: NoticeWriter,
  { postId, actorId }: { postId: number; actorId: number },
) {
  const clubId = await findPostClubId(out.db, postId);
  if (clubId === null) return [];
  return await notifyClubOwner(out, clubId, { kind: "post_comment", postId, actorId });
}

/** A direct message: the recipient's notice for the conversation grows (or starts). */
export async function notifyDirectMessage(
  out: NoticeWriter,
  { senderId, recipientId }: { senderId: number; recipientId: number },
) {
  return await writeNotices(out, (tx) =>
    upsertChatNotices(tx, {
      recipients: userIdList([recipientId]),
      kind: "direct_message",
      actorId: senderId,
      clubId: null,
      conversationKey: `user:${senderId}`,
      presentSeconds: PRESENT_SECONDS,
    }),
  );
}

/** The push job of the notices `pushableNoticeIds` selected, queued in the caller's transaction. */
export async function queueNoticePushIds(out: NoticeWriter, ids: number[]) {
  await queuePushJobs(out.jobs, out.db, ids);
}

/**
 * An aviso in a club's Avisos channel: every member's (and the owner's, when an officer wrote
 * it) notice for the channel grows or starts, never the writer's. Not muted by muting the club
 * (MUTE_PIERCING_KINDS): Avisos are the few messages a club sends on purpose; the kind's own
 * push switch in the settings is how to silence them.
 */
export async function notifyAnnouncement(
  out: NoticeWriter,
  { senderId, clubId }: { senderId: number; clubId: number },
) {
  return await writeNotices(out, (tx) =>
    upsertChatNotices(tx, {
      recipients: clubMemberAndOwnerIds(clubId),
      kind: "announcement",
      actorId: senderId,
      clubId,
      conversationKey: `announcements:${clubId}`,
      presentSeconds: PRESENT_SECONDS,
      clubMuteApplies: false,
    }),
  );
}

/**
 * `@username` mentions in a club-chat message: one `mention` notice per named member of the
 * club (never the sender, never across a block either way), whose path opens the chat at the
 * message. Never marked muted: a mention reaches a person who muted the club (MUTE_PIERCING_KINDS).
 */
export async function notifyMentioned(
  out: NoticeWriter,
  mention: { senderId: number; clubId: number; messageId: number; usernames: string[] },
) {
  if (mention.usernames.length === 0) return [];
  return await writeNotices(out, (tx) => insertMentionNotices(tx, mention));
}

/** Opening a chat reads its notice (`key` as conversation_reads: "user:<id>" or "club:<id>"). */
export async function readConversationNotice(db: Executor, userId: number, key: string) {
  await markConversationRead(db, userId, key);
}

/** Several people's notices of one chat read at once (one statement, however many people). */
export async function readConversationNoticeFor(db: Executor, userIds: number[], key: string) {
  await markConversationReadFor(db, userIds, key);
}

/** A join request was answered or withdrawn: its notices are read (the bell agrees with the tab). */
export async function readJoinRequestNotices(db: Executor, request: { clubId: number; requesterId: number }) {
  await markJoinRequestNoticesRead(db, request);
}
