import { sql as drizzleSql } from "drizzle-orm";
import type { Database, Executor } from "../../lib/database/client";
import { messageColumns, type RawMessageColumns, toMessageRow } from "./message-row-queries";
import {
  blockTag,
  type ChangeColumns,
  type ChangesWindow,
  changeColumns,
  collectChanges,
  collectMessages,
  lastReadFor,
  type MessageRow,
  type PageWindow,
  pageLateral,
} from "./queries";

/**
 * A club's Avisos channel: messages with announcement_club_id set (never club_id, so the club
 * chat's reads leave them out). The reads mirror the club chat's (queries.ts, live-queries.ts):
 * prepared postgres.js statements, a poll in one round trip.
 */

/**
 * One round trip for an Avisos poll: the club's owner, whether the caller is a member, how far
 * they have read, and the page. Null when the club does not exist.
 */
export async function findAnnouncementsPage(
  db: Database,
  {
    userId,
    clubId,
    key,
    window,
    changes = null,
  }: { userId: number; clubId: number; key: string; window: PageWindow; changes?: ChangesWindow },
) {
  const sql = db.$client;
  const target = () => sql`m.announcement_club_id = ${clubId} and not exists (select 1 from user_blocks b
      where b.blocker_id = ${userId} and b.blocked_id = m.sender_id)`;
  const rows = await sql<
    (RawMessageColumns &
      ChangeColumns & {
        target_id: number;
        owner_id: number | null;
        is_member: boolean;
        last_read_id: string | null;
        block_tag: string;
      })[]
  >`
    select c.id as target_id, c.owner_id,
      exists (select 1 from club_members cm where cm.club_id = c.id and cm.user_id = ${userId}) as is_member,
      ${lastReadFor(sql, userId, key)} as last_read_id, ${blockTag(sql, userId)} as block_tag,
      ${changeColumns(sql, target(), userId, changes)}, p.*
    from clubs c
    ${pageLateral(sql, target(), userId, window)}
    where c.id = ${clubId}`;
  if (rows.length === 0) return null;
  const first = rows[0]!;
  return {
    ownerId: first.owner_id,
    isMember: first.is_member,
    lastReadId: first.last_read_id === null ? null : Number(first.last_read_id),
    blockTag: first.block_tag,
    messages: collectMessages(rows),
    ...collectChanges(first, changes),
  };
}

/** Stores one aviso (as insertMessage stores a chat message). */
export async function insertAnnouncement(
  db: Executor,
  values: {
    senderId: number;
    clubId: number;
    content: string;
    held: boolean;
    clientId: string | null;
    replyToId: number | null;
    imageId?: string | null;
  },
) {
  const rows = await db.execute<{
    id: string | number;
    sender_id: number;
    content: string;
    created_at: string | Date;
    edited_at: string | Date | null;
    held: boolean;
  }>(drizzleSql`
    insert into messages (sender_id, announcement_club_id, content, held, client_id, reply_to_id, image_id)
    values (${values.senderId}, ${values.clubId}, ${values.content}, ${values.held}, ${values.clientId},
      ${values.replyToId}, ${values.imageId ?? null})
    returning id, sender_id, content, created_at, edited_at, held`);
  const row = rows[0]!;
  return {
    id: Number(row.id),
    senderId: row.sender_id,
    content: row.content,
    createdAt: new Date(row.created_at),
    editedAt: row.edited_at === null ? null : new Date(row.edited_at),
    held: row.held,
  };
}

/** A club's avisos after `after`, oldest first, whoever may see them (read once for every follower). */
export async function findAnnouncementsAfter(
  db: Database,
  { clubId, after, limit }: { clubId: number; after: number; limit: number },
): Promise<MessageRow[]> {
  const sql = db.$client;
  const rows = await sql<RawMessageColumns[]>`
    select ${messageColumns(sql, null)}
    from messages m join users s on s.id = m.sender_id
    where m.announcement_club_id = ${clubId} and m.id > ${after}
    order by m.id asc limit ${limit}`;
  return rows.map(toMessageRow);
}

/** A club's avisos up to id `upToId` changed after change_seq `after`, the oldest change first. */
export async function findAnnouncementChangesAfter(
  db: Database,
  { clubId, after, upToId, limit }: { clubId: number; after: number; upToId: number; limit: number },
): Promise<MessageRow[]> {
  const sql = db.$client;
  const rows = await sql<RawMessageColumns[]>`
    select ${messageColumns(sql, null)}
    from messages m join users s on s.id = m.sender_id
    where m.announcement_club_id = ${clubId} and m.change_seq > ${after} and m.id <= ${upToId}
    order by m.change_seq asc limit ${limit}`;
  return rows.map(toMessageRow);
}

/** The newest aviso id and change_seq of a club (0 for none): where a live subscription starts. */
export async function findNewestAnnouncementId(
  db: Database,
  clubId: number,
): Promise<{ id: number; changeSeq: number }> {
  const sql = db.$client;
  const [row] = await sql<{ id: string | null; change_seq: string | null }[]>`
    select (select max(id) from messages where announcement_club_id = ${clubId}) as id,
      (select max(change_seq) from messages where announcement_club_id = ${clubId}) as change_seq`;
  return { id: Number(row?.id ?? 0), changeSeq: Number(row?.change_seq ?? 0) };
}

export type AnnouncementChannelRow = {
  clubId: number;
  name: string;
  imageId: string | null;
  lastMessageContent: string | null;
  lastMessageAt: string | null;
  lastMessageSenderId: number | null;
  lastMessageHasImage: boolean;
  lastMessageDeleted: boolean;
  unreadCount: number;
};

/**
 * The Avisos channels to list for a user, with the last aviso and unread count (the same rules
 * as the club chat's row in conversation-queries.ts): every club they own (where they write),
 * and every club they belong to once it has an aviso (an empty channel would only be noise).
 */
export async function listAnnouncementChannels(
  db: Database,
  { userId, unreadCap }: { userId: number; unreadCap: number },
): Promise<AnnouncementChannelRow[]> {
  const sql = db.$client;
  const rows = await sql<
    {
      id: number;
      name: string;
      image_id: string | null;
      content: string | null;
      created_at: string | null;
      sender_id: number | null;
      has_image: boolean | null;
      deleted: boolean | null;
      unread_count: number;
    }[]
  >`
    with club as (
      select c.id, c.name, c.owner_id, coalesce(c.profile_image_id, c.image_id) as image_id,
        coalesce(r.last_read_id, 0) as last_read_id
      from clubs c
      left join conversation_reads r
        on r.user_id = ${userId} and r.conversation_key = 'announcements:' || c.id
      where c.owner_id = ${userId}
        or exists (select 1 from club_members cm where cm.club_id = c.id and cm.user_id = ${userId})
    )
    select c.id, c.name, c.image_id, last.content, last.created_at, last.sender_id, last.has_image,
      last.deleted, unread.n as unread_count
    from club c
    left join lateral (
      select m.content, m.created_at, m.sender_id, m.image_id is not null as has_image,
        m.deleted_at is not null as deleted from messages m
      where m.announcement_club_id = c.id and (not m.held or m.sender_id = ${userId})
        and not exists (select 1 from user_blocks b where b.blocker_id = ${userId} and b.blocked_id = m.sender_id)
      order by m.id desc limit 1
    ) last on true
    cross join lateral (
      select count(*)::int as n from (
        select 1 from messages m
        where m.announcement_club_id = c.id and m.id > c.last_read_id and m.sender_id <> ${userId}
          and not m.held
          and not exists (select 1 from user_blocks b where b.blocker_id = ${userId} and b.blocked_id = m.sender_id)
        order by m.id limit ${unreadCap}
      ) x
    ) unread
    where c.owner_id = ${userId} or last.created_at is not null`;
  return rows.map((row) => ({
    clubId: Number(row.id),
    name: row.name,
    imageId: row.image_id,
    lastMessageContent: row.content,
    lastMessageAt: row.created_at ? new Date(row.created_at).toISOString() : null,
    lastMessageSenderId: row.sender_id === null ? null : Number(row.sender_id),
    lastMessageHasImage: row.has_image ?? false,
    lastMessageDeleted: row.deleted ?? false,
    unreadCount: Number(row.unread_count),
  }));
}
