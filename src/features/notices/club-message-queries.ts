import { type SQL, sql } from "drizzle-orm";
import { type ChatNoticeParams, chatNoticesStatement, clubMemberIds, PRESENT_SECONDS } from "./queries";

type ClubMessage = { senderId: number; clubId: number; inChat?: readonly number[] };

/**
 * A club-chat message: every member's notice for that chat grows (or starts), but for those in
 * the chat: read within PRESENT_SECONDS, or `inChat` (the live followers whose read mark the
 * message's delivery moves).
 */
function clubMessageNotices({ senderId, clubId, inChat }: ClubMessage): ChatNoticeParams {
  return {
    recipients: clubMemberIds(clubId),
    kind: "club_message",
    actorId: senderId,
    clubId,
    conversationKey: `club:${clubId}`,
    presentSeconds: PRESENT_SECONDS,
    inChat,
  };
}

/**
 * A club message's notices (clubMessageNotices), as a statement for the message's own insert to
 * run as a CTE: one round trip fewer under the chat's lock (src/features/chat/send-message.ts).
 * `onlyIf` makes it run after the insert, and only when the insert stored the message. The
 * caller selects the push job's ids with `pushableNoticeIds` and queues it with
 * `queueNoticePushIds` (record.ts), in the same transaction.
 */
export function clubMessageNoticesStatement(message: ClubMessage, onlyIf: SQL): SQL {
  return chatNoticesStatement({ ...clubMessageNotices(message), onlyIf });
}

/**
 * Of the notices a CTE (`notices`) wrote, those that may become a push: an int[] expression.
 * The same rule as queueNoticePushes' filter (push-queue.ts), in SQL: pushable and not muted.
 */
export function pushableNoticeIds(notices: SQL): SQL {
  return sql`(select coalesce(array_agg(id) filter (where pushable and not muted), '{}') from ${notices})`;
}
