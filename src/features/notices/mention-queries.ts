import { sql } from "drizzle-orm";
import type { Executor } from "../../lib/database/client";
import type { NoticeRow } from "./queries";

/**
 * Stores the `mention` notices of one club-chat message in one statement: the named people who
 * are members of the club, except the sender and anyone on either side of a block with them.
 * Usernames compare case-insensitively (citext). `muted` stays false: a mention pierces a club mute.
 */
export async function insertMentionNotices(
  db: Executor,
  {
    senderId,
    clubId,
    messageId,
    usernames,
  }: { senderId: number; clubId: number; messageId: number; usernames: string[] },
): Promise<NoticeRow[]> {
  const rows = await db.execute<NoticeRow>(sql`
    insert into user_notices as n (user_id, kind, actor_id, club_id, message_id, muted)
    select u.id, 'mention', ${senderId}::int, ${clubId}::int, ${messageId}::bigint, false
    from users u
    join club_members cm on cm.user_id = u.id and cm.club_id = ${clubId}
    where u.username = any(${`{${usernames.map((name) => `"${name}"`).join(",")}}`}::citext[])
      and u.id <> ${senderId}::int
      and not exists (select 1 from user_blocks b
        where (b.blocker_id = u.id and b.blocked_id = ${senderId}::int)
           or (b.blocker_id = ${senderId}::int and b.blocked_id = u.id))
    returning id, user_id as "userId", kind, actor_id as "actorId", club_id as "clubId",
      post_id as "postId", conversation_key as "conversationKey", count, until, role, muted,
      message_id as "messageId",
      exists (select 1 from push_subscriptions ps where ps.user_id = n.user_id) as pushable`);
  return [...rows].map((row) => ({
    ...row,
    messageId: row.messageId == null ? null : Number(row.messageId),
  }));
}
