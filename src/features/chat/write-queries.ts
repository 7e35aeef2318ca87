import { and, sql as drizzleSql, eq, type SQL } from "drizzle-orm";
import { messages, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";
import { directPair } from "./queries";

/** The chat's writes, through drizzle (the hot read paths are in queries.ts). */

/**
 * Serialises sends within one conversation until the transaction ends, so message ids are
 * committed in the order they are handed out: a poller that has seen id N can never later
 * find a committed id below N (an `after` cursor would skip it).
 */
export async function lockConversation(db: Executor, key: string) {
  await db.execute(drizzleSql`select pg_advisory_xact_lock(hashtextextended(${`chat:${key}`}, 0))`);
}

type InsertedRow = {
  id: string | number;
  sender_id: string | number;
  content: string;
  created_at: string;
  edited_at: string | null;
  held: boolean;
  sender_name: string | null;
  sender_picture_id: string | null;
  notice_push_ids: (string | number)[];
};

/**
 * Stores a message and returns it with how its sender is shown (their name, else username, and
 * picture, as message-row-queries.ts reads them). `lockKey`: the statement takes the
 * conversation's lock (lockConversation) before the row gets its id, one round trip under the
 * lock instead of two; a caller that must read under the lock first takes it itself. A send
 * made one statement shorter each way: at 100 sends a second the requests' pool was never free
 * (docs/capacity.md, "Fewer statements per send").
 */
export async function insertMessage(
  db: Executor,
  values: {
    senderId: number;
    content: string;
    held: boolean;
    clientId?: string | null;
    replyToId?: number | null;
    imageId?: string | null;
    lockKey?: string;
    /**
     * A club message stored only if the sender may write there (not its owner; a member, or an
     * admin when `admin`); null when not, and the caller finds out why. Saves a send the
     * statement that checked it first.
     */
    writableBy?: { admin: boolean };
    /**
     * Notices written by the same statement, after the message and only when it was stored:
     * `statement` gets the condition to add; `pushIds` selects, from the CTE holding the
     * notices, the ids whose push job the caller queues (`noticePushIds` of the result).
     */
    notices?: { statement: (onlyIfStored: SQL) => SQL; pushIds: (cte: SQL) => SQL };
  } & (
    | { recipientId: number; clubId?: undefined; announcementClubId?: undefined; sentAsRequest: boolean }
    | { clubId: number; recipientId?: undefined; announcementClubId?: undefined }
    | { announcementClubId: number; recipientId?: undefined; clubId?: undefined }
  ),
) {
  const pair = values.recipientId !== undefined ? directPair(values.senderId, values.recipientId) : null;
  // A CTE that calls a volatile function runs once, before the SELECT that reads it gives the
  // insert its row, so the id (the column's default) is taken under the lock.
  const lock = values.lockKey
    ? drizzleSql`(select pg_advisory_xact_lock(hashtextextended(${`chat:${values.lockKey}`}, 0)))`
    : drizzleSql`(select 1)`;
  const notices = values.notices;
  const rows = await db.execute<InsertedRow>(drizzleSql`
    with lock as materialized ${lock},
    inserted as (
      insert into ${messages} (sender_id, content, held, recipient_id, club_id, announcement_club_id,
        user_low, user_high, sent_as_request, client_id, reply_to_id, image_id)
      select ${values.senderId}::int, ${values.content}, ${values.held}, ${values.recipientId ?? null}::int,
        ${values.clubId ?? null}::int, ${values.announcementClubId ?? null}::int, ${pair?.low ?? null}::int,
        ${pair?.high ?? null}::int, ${values.recipientId !== undefined && values.sentAsRequest},
        ${values.clientId ?? null}::uuid, ${values.replyToId ?? null}::bigint, ${values.imageId ?? null}::text
      from lock
      where ${writable(values)}
      returning id, sender_id, content, created_at, edited_at, held)
    ${notices ? drizzleSql`, notices as (${notices.statement(drizzleSql`exists (select 1 from inserted)`)})` : drizzleSql``}
    select i.id, i.sender_id, i.content, i.created_at, i.edited_at, i.held,
      (select coalesce(nullif(trim(concat_ws(' ', s.first_name, s.last_name)), ''), s.username::text)
        from ${users} s where s.id = i.sender_id) as sender_name,
      (select s.profile_picture_id from ${users} s where s.id = i.sender_id) as sender_picture_id,
      ${notices ? notices.pushIds(drizzleSql`notices`) : drizzleSql`'{}'::int[]`} as notice_push_ids
    from inserted i`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    senderId: Number(row.sender_id),
    content: row.content,
    createdAt: new Date(row.created_at),
    editedAt: row.edited_at ? new Date(row.edited_at) : null,
    held: row.held,
    senderName: row.sender_name ?? "",
    senderPictureId: row.sender_picture_id ?? null,
    noticePushIds: row.notice_push_ids.map(Number),
  };
}

/** The condition of `writableBy` (assertClubWritable's rules, in SQL). */
function writable(values: { senderId: number; clubId?: number; writableBy?: { admin: boolean } }) {
  if (!values.writableBy || values.clubId === undefined) return drizzleSql`true`;
  return drizzleSql`exists (
    select 1 from clubs c where c.id = ${values.clubId}::int
      and c.owner_id is distinct from ${values.senderId}::int
      and (${values.writableBy.admin} or exists (
        select 1 from club_members cm where cm.club_id = c.id and cm.user_id = ${values.senderId}::int)))`;
}

/** A held message's conversation (to lock it before approving); null when gone or not held. */
export async function findHeldMessage(db: Executor, id: number) {
  const rows = await db
    .select({
      senderId: messages.senderId,
      recipientId: messages.recipientId,
      clubId: messages.clubId,
      announcementClubId: messages.announcementClubId,
    })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.held, true)));
  return rows[0] ?? null;
}

/**
 * Publishes a held message under a new id from the identity sequence (`id = default`), dated
 * now; returns the new id, or null when it is gone or no longer held. The caller holds the
 * conversation lock, so the new id commits in order like a send (see lockConversation).
 */
export async function releaseHeldMessage(db: Executor, id: number): Promise<number | null> {
  const rows = await db.execute<{ id: string | number }>(drizzleSql`
    update messages set id = default, held = false, created_at = now()
    where id = ${id} and held
    returning id`);
  const row = rows[0];
  return row ? Number(row.id) : null;
}

export async function deleteMessageRow(db: Executor, id: number) {
  await db.delete(messages).where(eq(messages.id, id));
}
