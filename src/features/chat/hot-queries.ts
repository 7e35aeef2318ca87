import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "../../lib/database/client";
import {
  type ConversationRow,
  type ListedColumns,
  lastInClubChannel,
  toListedRow,
  unreadInClubChannel,
} from "./conversation-queries";
import type { RawMessageColumns } from "./message-row-queries";
import {
  type ChangeColumns,
  type ChangesWindow,
  type ClubChannel,
  changeColumns,
  channelColumn,
  collectChanges,
  collectMessages,
  directPair,
  lastReadFor,
  notBlockedBy,
  type PageWindow,
  pageLateral,
} from "./queries";

/**
 * The chat's hot statements: the only ones in the app's features that run on raw postgres.js
 * (`db.$client`) instead of drizzle's `db.execute` (`bun run lint` fails on `$client` anywhere
 * else; the badge's count is src/lib/database/hot-statements.ts). They are written with drizzle's
 * `sql` like every other statement, and only run differently: as named prepared statements
 * (`unsafe(text, params, { prepare: true })`), so PostgreSQL parses and plans each shape once per
 * connection instead of on every call. drizzle's `db.execute` sends an unnamed statement and
 * cannot name one. Each is polled by every open screen, and its plan is what costs:
 *
 * - findDirectPage: a direct chat's poll, every 2 s per open chat (a lateral page, the changes
 *   and the read mark in one statement). PostgreSQL CPU per call 175 µs prepared, 3,150 µs
 *   unprepared (wall 0.6 ms against 8.1 ms).
 * - findClubPage: a club chat's or Avisos' poll, every 2 s per open chat. PostgreSQL CPU per
 *   call 3,750 µs prepared, 4,625 µs unprepared (wall 9.0 ms against 12.4 ms); opening a chat
 *   (50 messages) 3,550 against 4,250 µs.
 * - listConversationRows: the conversation list (Chats tab), polled while it is open, a union of
 *   two lateral walks per conversation. PostgreSQL CPU per call 1,650 µs prepared, 4,175 µs
 *   unprepared (wall 8.7 ms against 22.6 ms).
 *
 * Figures: `bun scripts/bench/chat-prepared.ts` on 2026-11-28 (a shared 2-core machine, load
 * 7 to 16: wall clock is noisy, CPU less so), per call, raw (this file, row mapping included)
 * against drizzle's `db.execute` of the same SQL, over the embedded PostgreSQL with the chat
 * benchmark's data. The chat's other statements run once per message, subscription or write,
 * not once per poll per screen, and use drizzle.
 */
const dialect = new PgDialect();

/** Runs a drizzle statement as a named prepared statement (postgres.js keys it by its text). */
async function runPrepared<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return (await db.$client.unsafe(text, params as never[], { prepare: true })) as unknown as Row[];
}

type DirectPageOptions = {
  userId: number;
  otherId: number;
  key: string;
  window: PageWindow;
  changes?: ChangesWindow;
};

type DirectPageColumns = RawMessageColumns &
  ChangeColumns & { target_id: number; last_read_id: string | null; hidden_through_id: string };

/** The statement of findDirectPage (also run through drizzle by the benchmark). */
export function directPageStatement({ userId, otherId, key, window, changes = null }: DirectPageOptions) {
  const { low, high } = directPair(userId, otherId);
  const hidden = sql`coalesce((select r.hidden_through_id from conversation_reads r
    where r.user_id = ${userId} and r.conversation_key = ${key}), 0)`;
  const target = () => sql`m.user_low = ${low} and m.user_high = ${high} and m.id > ${hidden}`;
  return sql`
    select t.id as target_id, ${lastReadFor(userId, key)} as last_read_id,
      ${hidden} as hidden_through_id, ${changeColumns(target(), userId, changes)}, p.*
    from users t
    ${pageLateral(target(), userId, window)}
    where t.id = ${otherId}`;
}

/**
 * One round trip for a direct-chat poll: whether the other user exists, how far the caller has
 * read, and the page. Messages up to the caller's hidden_through_id (a message request they
 * deleted) are not theirs to see any more. Null when the other user does not exist.
 */
export async function findDirectPage(db: Database, options: DirectPageOptions) {
  const rows = await runPrepared<DirectPageColumns>(db, directPageStatement(options));
  if (rows.length === 0) return null;
  return {
    lastReadId: rows[0]!.last_read_id === null ? null : Number(rows[0]!.last_read_id),
    hiddenThroughId: Number(rows[0]!.hidden_through_id),
    messages: collectMessages(rows),
    ...collectChanges(rows[0], options.changes ?? null),
  };
}

/**
 * Changes whenever the caller blocks or unblocks anyone (count and newest block), so a club
 * page's ETag changes with the set of senders the caller does not see. Empty for someone who
 * blocked nobody (nearly everyone), so their tag stays the plain `club:{id}-{newest}`.
 */
function blockTag(userId: number) {
  return sql`(select case when count(*) = 0 then '' else count(*)::text || '.' || floor(extract(epoch from max(b.created_at)) * 1000)::text end
    from user_blocks b where b.blocker_id = ${userId})`;
}

type ClubPageOptions = {
  channel: ClubChannel;
  userId: number;
  clubId: number;
  key: string;
  window: PageWindow;
  changes?: ChangesWindow;
};

type ClubPageColumns = RawMessageColumns &
  ChangeColumns & {
    target_id: number;
    owner_id: number | null;
    is_member: boolean;
    last_read_id: string | null;
    block_tag: string;
  };

/** The statement of findClubPage (also run through drizzle by the benchmark). */
export function clubPageStatement({ channel, userId, clubId, key, window, changes = null }: ClubPageOptions) {
  const target = () => sql`${channelColumn(channel)} = ${clubId} and ${notBlockedBy(userId)}`;
  return sql`
    select c.id as target_id, c.owner_id,
      exists (select 1 from club_members cm where cm.club_id = c.id and cm.user_id = ${userId}) as is_member,
      ${lastReadFor(userId, key)} as last_read_id, ${blockTag(userId)} as block_tag,
      ${changeColumns(target(), userId, changes)}, p.*
    from clubs c
    ${pageLateral(target(), userId, window)}
    where c.id = ${clubId}`;
}

/**
 * One round trip for a poll of a club's chat or Avisos (`channel`): the club's owner, whether
 * the caller is a member, how far they have read, and the page. Null when the club does not exist.
 */
export async function findClubPage(db: Database, options: ClubPageOptions) {
  const rows = await runPrepared<ClubPageColumns>(db, clubPageStatement(options));
  if (rows.length === 0) return null;
  const first = rows[0]!;
  return {
    ownerId: first.owner_id,
    isMember: first.is_member,
    lastReadId: first.last_read_id === null ? null : Number(first.last_read_id),
    blockTag: first.block_tag,
    messages: collectMessages(rows),
    ...collectChanges(first, options.changes ?? null),
  };
}

type ConversationColumns = ListedColumns & {
  type: "user" | "club";
  request: boolean;
  awaiting_acceptance: boolean;
};

/** The statement of listConversationRows (also run through drizzle by the benchmark). */
export function conversationListStatement({ userId, unreadCap }: { userId: number; unreadCap: number }) {
  return sql`
    with direct as (
      -- The person's name as the chat's header shows it: first and last name, else the username.
      select u.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username::text) as name,
        u.profile_picture_id as image_id, r.last_read_id,
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
    ${lastInClubChannel("club", userId)}
    ${unreadInClubChannel("club", userId, unreadCap)}
    order by sort_at desc, type desc, id desc`;
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
 * A named prepared statement: planned once per connection (the header says why).
 */
export async function listConversationRows(
  db: Database,
  options: { userId: number; unreadCap: number },
): Promise<ConversationRow[]> {
  const rows = await runPrepared<ConversationColumns>(db, conversationListStatement(options));
  return rows.map((row) => ({
    ...toListedRow(row),
    type: row.type,
    request: row.request,
    awaitingAcceptance: row.awaiting_acceptance,
  }));
}
