import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../lib/database/client";

/**
 * What decides whether a direct message from `senderId` to `recipientId` is delivered, is a
 * request, or is refused, in one statement (run inside the send's transaction, after the
 * conversation lock, so the request count cannot be raced past). The count is the request's
 * ledger of sends, not the messages that still exist: deleting one gives no send back.
 */
export async function findContactState(
  db: Executor,
  { senderId, recipientId }: { senderId: number; recipientId: number },
) {
  const rows = await db.execute<{
    shares_club: boolean;
    accepted: boolean;
    recipient_wrote: boolean;
    request_messages: number;
    recipient_name: string;
  }>(sql`
    select (select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username::text)
        from users u where u.id = ${recipientId}) as recipient_name,
      users_share_club(${senderId}::int, ${recipientId}::int) as shares_club,
      exists (select 1 from message_requests r
        where ((r.recipient_id = ${recipientId} and r.sender_id = ${senderId})
          or (r.recipient_id = ${senderId} and r.sender_id = ${recipientId}))
          and r.accepted_at is not null) as accepted,
      exists (select 1 from messages m
        where m.user_low = least(${senderId}::int, ${recipientId}::int)
          and m.user_high = greatest(${senderId}::int, ${recipientId}::int)
          and m.sender_id = ${recipientId}) as recipient_wrote,
      coalesce((select r.request_messages_sent from message_requests r
        where r.recipient_id = ${recipientId} and r.sender_id = ${senderId}), 0) as request_messages`);
  const row = rows[0]!;
  return {
    sharesClub: row.shares_club,
    accepted: row.accepted,
    recipientWrote: row.recipient_wrote,
    requestMessages: Number(row.request_messages),
    recipientName: row.recipient_name,
  };
}

/** Records one more message sent as the pending request from `senderId` to `recipientId`. */
export async function recordRequestMessage(
  db: Executor,
  { senderId, recipientId }: { senderId: number; recipientId: number },
) {
  await db.execute(sql`
    insert into message_requests (recipient_id, sender_id, request_messages_sent)
    values (${recipientId}, ${senderId}, 1)
    on conflict (recipient_id, sender_id)
      do update set request_messages_sent = message_requests.request_messages_sent + 1`);
}

/**
 * The two people may write freely from now on: every request between them, either way, is
 * accepted (and a row is made when there was none). Called only while no request between them
 * is accepted yet.
 */
export async function markPairAccepted(db: Executor, { a, b }: { a: number; b: number }) {
  await db.execute(sql`
    insert into message_requests (recipient_id, sender_id, accepted_at) values (${a}, ${b}, now())
    on conflict (recipient_id, sender_id) do update
      set accepted_at = coalesce(message_requests.accepted_at, excluded.accepted_at)`);
  await db.execute(sql`
    update message_requests set accepted_at = now()
    where recipient_id = ${b} and sender_id = ${a} and accepted_at is null`);
  // The photos sent as the request were withheld from the recipient (chat/message-images.ts):
  // accepting changes how they read, so they count as changed for polls and live followers.
  await db.execute(sql`
    update messages set change_seq = nextval('message_change_seq')
    where sent_as_request and image_id is not null and deleted_at is null
      and user_low = least(${a}::int, ${b}::int) and user_high = greatest(${a}::int, ${b}::int)`);
}

/** Whether `senderId` has a request waiting for `recipientId`'s decision. */
export async function hasPendingRequest(
  db: Executor,
  { senderId, recipientId }: { senderId: number; recipientId: number },
) {
  const rows = await db.execute(sql`
    select 1 from message_requests
    where recipient_id = ${recipientId} and sender_id = ${senderId} and accepted_at is null`);
  return rows.length > 0;
}

/**
 * Deleting a request hides its messages from the recipient only: their read row is moved past
 * the newest message (nothing unread, nothing listed). The sender's side does not change.
 */
export async function hideConversationFor(
  db: Executor,
  { userId, otherId }: { userId: number; otherId: number },
) {
  await db.execute(sql`
    update conversation_reads r
    set hidden_through_id = n.newest, last_read_id = greatest(r.last_read_id, n.newest), updated_at = now()
    from (select coalesce(max(m.id), 0) as newest from messages m
      where m.user_low = least(${userId}::int, ${otherId}::int)
        and m.user_high = greatest(${userId}::int, ${otherId}::int)) n
    where r.user_id = ${userId} and r.conversation_key = ${`user:${otherId}`}`);
}

export type RequestRow = {
  userId: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  pictureId: string | null;
  school: string | null;
  messageCount: number;
  unreadCount: number;
  lastMessageContent: string;
  lastMessageAt: string;
  createdAt: string;
};

/**
 * The requests waiting for `userId`, newest activity first: pending, from someone who still
 * shares no club with them, not blocked either way, with at least one message they have not
 * deleted. A postgres.js prepared statement, like the conversation list it sits beside.
 */
export async function selectIncomingRequests(db: Database, userId: number): Promise<RequestRow[]> {
  const pg = db.$client;
  const rows = await pg<
    {
      user_id: number;
      username: string;
      first_name: string | null;
      last_name: string | null;
      picture_id: string | null;
      school: string | null;
      message_count: number;
      unread_count: number;
      content: string;
      last_at: string;
      created_at: string;
    }[]
  >`
    select u.id as user_id, u.username::text as username, u.first_name, u.last_name,
      u.profile_picture_id as picture_id, u.school, stats.message_count, stats.unread_count,
      last.content, last.created_at as last_at, q.created_at
    from message_requests q
    join users u on u.id = q.sender_id
    join conversation_reads r on r.user_id = ${userId} and r.conversation_key = 'user:' || u.id
    cross join lateral (
      select m.content, m.created_at from messages m
      where m.user_low = least(${userId}::int, u.id) and m.user_high = greatest(${userId}::int, u.id)
        and m.id > r.hidden_through_id
      order by m.id desc limit 1
    ) last
    cross join lateral (
      select count(*)::int as message_count,
        count(*) filter (where m.id > r.last_read_id and m.sender_id = u.id)::int as unread_count
      from messages m
      where m.user_low = least(${userId}::int, u.id) and m.user_high = greatest(${userId}::int, u.id)
        and m.id > r.hidden_through_id
    ) stats
    where q.recipient_id = ${userId} and q.accepted_at is null
      and not users_share_club(${userId}::int, u.id)
      and not exists (select 1 from user_blocks b
        where (b.blocker_id = ${userId} and b.blocked_id = u.id)
          or (b.blocker_id = u.id and b.blocked_id = ${userId}))
    order by last.created_at desc, u.id desc`;
  return rows.map((row) => ({
    userId: Number(row.user_id),
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    pictureId: row.picture_id,
    school: row.school,
    messageCount: Number(row.message_count),
    unreadCount: Number(row.unread_count),
    lastMessageContent: row.content,
    lastMessageAt: new Date(row.last_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
