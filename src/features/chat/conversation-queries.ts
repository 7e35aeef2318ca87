import { sql } from "drizzle-orm";
import type { Database } from "../../lib/database/client";
import { type ClubChannel, channelColumn, notBlockedBy } from "./queries";

/** A listed conversation: who or which club, its last message and unread count. */
export type ListedRow = {
  id: number;
  name: string;
  imageId: string | null;
  lastMessageContent: string | null;
  lastMessageAt: string | null;
  lastMessageSenderId: number | null;
  /** The last message carries a photo (a photo alone has empty content). */
  lastMessageHasImage: boolean;
  /** The last message is a tombstone (deleted: empty content). */
  lastMessageDeleted: boolean;
  unreadCount: number;
};

export type ConversationRow = ListedRow & {
  type: "user" | "club";
  /** A pending message request to the user (listed apart by the app). */
  request: boolean;
  /** The user's own message request, not accepted yet. */
  awaitingAcceptance: boolean;
};

/** The columns of a listed conversation, as the statements below select them. */
export type ListedColumns = {
  id: number;
  name: string;
  image_id: string | null;
  content: string | null;
  created_at: string | null;
  sender_id: number | null;
  has_image: boolean | null;
  deleted: boolean | null;
  unread_count: number;
};

export function toListedRow(row: ListedColumns): ListedRow {
  return {
    id: Number(row.id),
    name: row.name,
    imageId: row.image_id,
    lastMessageContent: row.content,
    lastMessageAt: row.created_at ? new Date(row.created_at).toISOString() : null,
    lastMessageSenderId: row.sender_id === null ? null : Number(row.sender_id),
    lastMessageHasImage: row.has_image ?? false,
    lastMessageDeleted: row.deleted ?? false,
    unreadCount: Number(row.unread_count),
  };
}

/**
 * The last message `userId` sees in the channel of club `c` (as `last`): their own held ones
 * included, nothing from people they blocked.
 */
export function lastInClubChannel(channel: ClubChannel, userId: number) {
  return sql`left join lateral (
      select m.content, m.created_at, m.sender_id, m.image_id is not null as has_image,
        m.deleted_at is not null as deleted from messages m
      where ${channelColumn(channel)} = c.id and (not m.held or m.sender_id = ${userId})
        and ${notBlockedBy(userId)}
      order by m.id desc limit 1
    ) last on true`;
}

/** How many of the channel of club `c` are unread by `userId` (as `unread.n`), up to `unreadCap`. */
export function unreadInClubChannel(channel: ClubChannel, userId: number, unreadCap: number) {
  return sql`cross join lateral (
      select count(*)::int as n from (
        select 1 from messages m
        where ${channelColumn(channel)} = c.id and m.id > c.last_read_id and m.sender_id <> ${userId}
          and not m.held and ${notBlockedBy(userId)}
        order by m.id limit ${unreadCap}
      ) x
    ) unread`;
}

/**
 * The Avisos channels to list for a user (`id` is the club's), with the last aviso and unread
 * count by the same rules as the club chat's row above: every club they own (where they write),
 * and every club they belong to once it has an aviso (an empty channel would only be noise).
 */
export async function listAnnouncementChannels(
  db: Database,
  { userId, unreadCap }: { userId: number; unreadCap: number },
): Promise<ListedRow[]> {
  const rows = await db.execute<ListedColumns>(sql`
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
    ${lastInClubChannel("announcements", userId)}
    ${unreadInClubChannel("announcements", userId, unreadCap)}
    where c.owner_id = ${userId} or last.created_at is not null`);
  return rows.map(toListedRow);
}
