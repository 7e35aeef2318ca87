import type postgres from "postgres";
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
type ListedColumns = {
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

function toListedRow(row: ListedColumns): ListedRow {
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
function lastInClubChannel(sql: postgres.Sql, channel: ClubChannel, userId: number) {
  return sql`left join lateral (
      select m.content, m.created_at, m.sender_id, m.image_id is not null as has_image,
        m.deleted_at is not null as deleted from messages m
      where ${channelColumn(sql, channel)} = c.id and (not m.held or m.sender_id = ${userId})
        and ${notBlockedBy(sql, userId)}
      order by m.id desc limit 1
    ) last on true`;
}

/** How many of the channel of club `c` are unread by `userId` (as `unread.n`), up to `unreadCap`. */
function unreadInClubChannel(sql: postgres.Sql, channel: ClubChannel, userId: number, unreadCap: number) {
  return sql`cross join lateral (
      select count(*)::int as n from (
        select 1 from messages m
        where ${channelColumn(sql, channel)} = c.id and m.id > c.last_read_id and m.sender_id <> ${userId}
          and not m.held and ${notBlockedBy(sql, userId)}
        order by m.id limit ${unreadCap}
      ) x
    ) unread`;
}

/**
 * Every conversation of a user in one statement, newest first:
 * - direct: one conversation_reads row per partner ("user:<id>"), written for both parties with
 *   the first message; the last message and the unread count come from messages_direct_idx;
 * - club: every club the user is a member of and does not own (owners do not see club chat).
 * Blocks: a direct partner blocked either way is left out; club rows skip the messages of
 * people the user blocked (last message and unread count).
 * Message requests: a pending one (either way) between people who still share no club is
 * flagged; messages up to the user's hidden_through_id (a request they deleted) are left out,
 * and a conversation with nothing left to show is too. Held messages (a watched word) count
 * for their sender's last message only, never as unread: approval renumbers them, so they are
 * counted then. A direct conversation whose only messages are held is not listed.
 * Unread counts stop at `unreadCap`, so a long-unread conversation costs no more than that.
 * A postgres.js prepared statement: planned once per connection (see queries.ts).
 */
export async function listConversationRows(
  db: Database,
  { userId, unreadCap }: { userId: number; unreadCap: number },
): Promise<ConversationRow[]> {
  const sql = db.$client;
  const rows = await sql<
    (ListedColumns & { type: "user" | "club"; request: boolean; awaiting_acceptance: boolean })[]
  >`
    with direct as (
      select u.id, u.username::text as name, u.profile_picture_id as image_id, r.last_read_id,
        r.hidden_through_id, least(${userId}::int, u.id) as low, greatest(${userId}::int, u.id) as high,
        exists (select 1 from message_requests q where q.accepted_at is null
          and ((q.recipient_id = ${userId} and q.sender_id = u.id)
            or (q.recipient_id = u.id and q.sender_id = ${userId}))
          and not users_share_club(${userId}::int, u.id)) as pending,
        exists (select 1 from message_requests q where q.accepted_at is null
          and q.recipient_id = ${userId} and q.sender_id = u.id) as to_me
      from conversation_reads r
      join users u on u.id = split_part(r.conversation_key, ':', 2)::int
      where r.user_id = ${userId} and r.conversation_key like 'user:%'
        and not exists (select 1 from user_blocks b
          where (b.blocker_id = ${userId} and b.blocked_id = u.id)
            or (b.blocker_id = u.id and b.blocked_id = ${userId}))
    ),
    club as (
      select c.id, c.name, coalesce(c.profile_image_id, c.image_id) as image_id,
        coalesce(r.last_read_id, 0) as last_read_id, cm.joined_at
      from club_members cm
      join clubs c on c.id = cm.club_id
      left join conversation_reads r
        on r.user_id = ${userId} and r.conversation_key = 'club:' || c.id
      where cm.user_id = ${userId} and c.owner_id is distinct from ${userId}
    )
    select 'user' as type, d.id, d.name, d.image_id, last.content, last.created_at,
      last.sender_id, last.has_image, last.deleted, unread.n as unread_count, d.pending and d.to_me as request,
      d.pending and not d.to_me as awaiting_acceptance, last.created_at as sort_at
    from direct d
    cross join lateral (
      select m.content, m.created_at, m.sender_id, m.image_id is not null as has_image,
        m.deleted_at is not null as deleted from messages m
      where m.user_low = d.low and m.user_high = d.high and m.id > d.hidden_through_id
        and (not m.held or m.sender_id = ${userId})
      order by m.id desc limit 1
    ) last
    cross join lateral (
      select count(*)::int as n from (
        select 1 from messages m
        where m.user_low = d.low and m.user_high = d.high and m.id > d.last_read_id
          and m.sender_id <> ${userId} and not m.held
        order by m.id limit ${unreadCap}
      ) x
    ) unread
    union all
    select 'club', c.id, c.name, c.image_id, last.content, last.created_at,
      last.sender_id, last.has_image, last.deleted, unread.n, false, false, coalesce(last.created_at, c.joined_at)
    from club c
    ${lastInClubChannel(sql, "club", userId)}
    ${unreadInClubChannel(sql, "club", userId, unreadCap)}
    order by sort_at desc, type desc, id desc`;
  return rows.map((row) => ({
    ...toListedRow(row),
    type: row.type,
    request: row.request,
    awaitingAcceptance: row.awaiting_acceptance,
  }));
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
  const sql = db.$client;
  const rows = await sql<ListedColumns[]>`
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
    ${lastInClubChannel(sql, "announcements", userId)}
    ${unreadInClubChannel(sql, "announcements", userId, unreadCap)}
    where c.owner_id = ${userId} or last.created_at is not null`;
  return rows.map(toListedRow);
}
