import { sql as drizzleSql } from "drizzle-orm";
import { REPLY_EXCERPT_LENGTH } from "../../../common/api/chat";
import type { Database, Executor } from "../../lib/database/client";
import {
  type MessageRow,
  messageColumns,
  type RawMessageColumns,
  type ReplyRow,
  toMessageRow,
} from "./message-row-queries";
import { directPair } from "./queries";

/** What changes a message after it was sent: replies' targets, edits, deletions, reactions. */

/** One message as `viewerId` reads it (their `reacted_by_me`); null when there is none. */
export async function findMessageView(
  db: Database,
  { id, viewerId }: { id: number; viewerId: number },
): Promise<MessageRow | null> {
  const rows = await db.execute<RawMessageColumns>(drizzleSql`
    select ${messageColumns(viewerId)}
    from messages m join users s on s.id = m.sender_id where m.id = ${id}`);
  return rows[0] ? toMessageRow(rows[0]) : null;
}

/** The message a sender already stored with this client_id, if any. */
export async function findSentByClientId(
  db: Executor,
  { senderId, clientId }: { senderId: number; clientId: string },
): Promise<number | null> {
  const rows = await db.execute<{ id: string | number }>(drizzleSql`
    select id from messages where sender_id = ${senderId} and client_id = ${clientId}`);
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * The quote of the message `replyToId` when it is in the conversation (`target`) and published:
 * a held message is seen by its sender only, and a quote would show it to everyone.
 */
export async function findReplyTarget(
  db: Executor,
  {
    replyToId,
    userId,
    target,
  }: { replyToId: number; userId: number; target: { type: "user" | "club" | "announcements"; id: number } },
): Promise<ReplyRow | null> {
  const { low, high } = directPair(userId, target.id);
  const where =
    target.type === "club"
      ? drizzleSql`o.club_id = ${target.id}`
      : target.type === "announcements"
        ? drizzleSql`o.announcement_club_id = ${target.id}`
        : drizzleSql`o.user_low = ${low} and o.user_high = ${high}`;
  const rows = await db.execute<{
    id: string | number;
    sender_id: string | number;
    sender_name: string;
    content: string;
    deleted: boolean;
  }>(
    drizzleSql`
    select o.id, o.sender_id,
      coalesce(nullif(trim(concat_ws(' ', os.first_name, os.last_name)), ''), os.username::text) as sender_name,
      case when o.deleted_at is null then left(o.content, ${REPLY_EXCERPT_LENGTH}::int) else '' end as content,
      o.deleted_at is not null as deleted
    from messages o join users os on os.id = o.sender_id
    where o.id = ${replyToId} and ${where} and not o.held`,
  );
  const row = rows[0];
  return row
    ? {
        id: Number(row.id),
        senderId: Number(row.sender_id),
        senderName: row.sender_name,
        content: row.content,
        deleted: row.deleted,
        hidden: false,
      }
    : null;
}

export type ChangeableMessage = {
  id: number;
  senderId: number;
  recipientId: number | null;
  clubId: number | null;
  /** An aviso's club (its Avisos channel); null for a chat message. */
  announcementClubId: number | null;
  held: boolean;
  deleted: boolean;
  /** Its text as stored (an edit notifies only the names its new text adds). */
  content: string;
  /** Minutes since it was sent, by the database's clock (the edit window's). */
  ageMinutes: number;
};

/** A message locked until the transaction ends, to edit, delete or react to it. */
export async function findMessageForChange(db: Executor, id: number): Promise<ChangeableMessage | null> {
  const rows = await db.execute<{
    id: string | number;
    sender_id: number;
    recipient_id: number | null;
    club_id: number | null;
    announcement_club_id: number | null;
    held: boolean;
    deleted: boolean;
    content: string;
    age_minutes: string | number;
  }>(drizzleSql`
    select id, sender_id, recipient_id, club_id, announcement_club_id, held, deleted_at is not null as deleted, content,
      extract(epoch from (now() - created_at)) / 60 as age_minutes
    from messages where id = ${id} for no key update`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    senderId: row.sender_id,
    recipientId: row.recipient_id,
    clubId: row.club_id,
    announcementClubId: row.announcement_club_id,
    held: row.held,
    deleted: row.deleted,
    content: row.content,
    ageMinutes: Number(row.age_minutes),
  };
}

/** The next change_seq, written on the message: its trigger tells the conversation's followers. */
async function bumpChangeSeq(db: Executor, id: number) {
  await db.execute(
    drizzleSql`update messages set change_seq = nextval('message_change_seq') where id = ${id}`,
  );
}

export async function updateMessageContent(
  db: Executor,
  { id, content, held }: { id: number; content: string; held: boolean },
) {
  await db.execute(drizzleSql`
    update messages set content = ${content}, held = ${held}, edited_at = now(),
      change_seq = nextval('message_change_seq')
    where id = ${id}`);
}

/** Leaves a tombstone: no content, no reactions, marked deleted. */
export async function tombstoneMessage(db: Executor, id: number) {
  await db.execute(drizzleSql`delete from message_reactions where message_id = ${id}`);
  await db.execute(drizzleSql`
    update messages set content = '', deleted_at = now(), change_seq = nextval('message_change_seq')
    where id = ${id}`);
}

/** Adds one reaction; a repeat changes nothing. True when it was new. */
export async function insertReaction(
  db: Executor,
  { messageId, userId, emoji }: { messageId: number; userId: number; emoji: string },
): Promise<boolean> {
  const rows = await db.execute(drizzleSql`
    insert into message_reactions (message_id, user_id, emoji) values (${messageId}, ${userId}, ${emoji})
    on conflict do nothing returning 1`);
  if (rows.length === 0) return false;
  await bumpChangeSeq(db, messageId);
  return true;
}

/** Removes one reaction; true when there was one. */
export async function deleteReaction(
  db: Executor,
  { messageId, userId, emoji }: { messageId: number; userId: number; emoji: string },
): Promise<boolean> {
  const rows = await db.execute(drizzleSql`
    delete from message_reactions where message_id = ${messageId} and user_id = ${userId} and emoji = ${emoji}
    returning 1`);
  if (rows.length === 0) return false;
  await bumpChangeSeq(db, messageId);
  return true;
}
