import type postgres from "postgres";
import type { Database } from "../../lib/database/client";
import { type MessageRow, messageColumns, type RawMessageColumns, toMessageRow } from "./message-row-queries";

/**
 * The hot read paths (every 2-second chat poll, every 10-second badge poll) use postgres.js
 * directly, whose tagged templates are prepared statements: PostgreSQL plans them once per
 * connection instead of on every poll (drizzle sends unprepared queries). Writes use drizzle.
 */
type Sql = postgres.Sql;

/** Which messages a page holds: the newest ones, those after a cursor, or those before one. */
export type PageWindow =
  | { kind: "latest"; limit: number }
  | { kind: "after"; cursor: number; limit: number }
  | { kind: "before"; cursor: number; limit: number };

export type { MessageRow } from "./message-row-queries";

/** With an `after` poll: also the older messages changed after this change_seq (at most `limit`). */
type ChangesWindow = { after: number; upToId: number; limit: number } | null;

/** A club's two channels: its chat, and its Avisos (announcements). */
export type ClubChannel = "club" | "announcements";

/**
 * The messages column naming a channel's club (`m.club_id` or `m.announcement_club_id`): an
 * aviso never has club_id set, so the club chat's reads leave avisos out, and the reverse.
 */
export function channelColumn(sql: Sql, channel: ClubChannel) {
  return sql`m.${sql(channel === "club" ? "club_id" : "announcement_club_id")}`;
}

/** Leaves out the messages of people `userId` blocked (the alias `m` is the message). */
export function notBlockedBy(sql: Sql, userId: number) {
  return sql`not exists (select 1 from user_blocks b where b.blocker_id = ${userId} and b.blocked_id = m.sender_id)`;
}

/** Direct conversations are keyed by the ordered pair, so one index serves both directions. */
export function directPair(a: number, b: number) {
  return { low: Math.min(a, b), high: Math.max(a, b) };
}

/**
 * The page of one conversation as a lateral subquery: `target` picks the conversation
 * (`m.user_low = … and m.user_high = …`, or a club channel's column: see channelColumn). Walks
 * messages_direct_idx, messages_club_idx or messages_announcement_idx from the cursor and stops
 * after `limit` rows. Held messages are shown to their sender only (`viewerId`).
 */
function pageLateral(
  sql: Sql,
  target: postgres.PendingQuery<postgres.Row[]>,
  viewerId: number,
  window: PageWindow,
) {
  const bound =
    window.kind === "after"
      ? sql`and m.id > ${window.cursor}`
      : window.kind === "before"
        ? sql`and m.id < ${window.cursor}`
        : sql``;
  const order = window.kind === "after" ? sql`order by m.id asc` : sql`order by m.id desc`;
  return sql`left join lateral (
    select ${messageColumns(sql, viewerId)}
    from messages m
    join users s on s.id = m.sender_id
    where ${target} and (not m.held or m.sender_id = ${viewerId}) ${bound}
    ${order}
    limit ${window.limit}
  ) p on true`;
}

function collectMessages(rows: readonly RawMessageColumns[]): MessageRow[] {
  const page: MessageRow[] = [];
  for (const row of rows) if (row.id !== null) page.push(toMessageRow(row));
  return page.sort((a, b) => a.id - b.id);
}

/**
 * Two columns of a page's statement (read in its snapshot, once): the conversation's newest
 * change_seq, and the older messages (id up to the cursor) changed after `changes`, the oldest
 * change first.
 */
function changeColumns(
  sql: Sql,
  target: postgres.PendingQuery<postgres.Row[]>,
  viewerId: number,
  changes: ChangesWindow,
) {
  const changed = changes
    ? sql`(select json_agg(c) from (
        select ${messageColumns(sql, viewerId)} from messages m join users s on s.id = m.sender_id
        where ${target} and (not m.held or m.sender_id = ${viewerId})
          and m.change_seq > ${changes.after} and m.id <= ${changes.upToId}
        order by m.change_seq limit ${changes.limit}) c)`
    : sql`null::json`;
  return sql`(select max(m.change_seq) from messages m where ${target}) as newest_change_seq,
    ${changed} as changed`;
}

type ChangeColumns = {
  newest_change_seq: string | number | null;
  changed: RawMessageColumns[] | null;
};

/** The newest change_seq to report, and the changed messages by id. */
function collectChanges(first: ChangeColumns | undefined, changes: ChangesWindow) {
  const changed = (first?.changed ?? []).map(toMessageRow);
  const newest = Number(first?.newest_change_seq ?? 0);
  // A full batch may not be all: report only as far as it goes, so the next poll asks for the rest.
  const changeSeq =
    changes && changed.length >= changes.limit
      ? Math.max(...changed.map((row) => row.changeSeq ?? 0))
      : newest;
  return { changed: changed.sort((a, b) => a.id - b.id), changeSeq };
}

function lastReadFor(sql: Sql, userId: number, key: string) {
  return sql`(select r.last_read_id from conversation_reads r
    where r.user_id = ${userId} and r.conversation_key = ${key})`;
}

/**
 * One round trip for a direct-chat poll: whether the other user exists, how far the caller has
 * read, and the page. Messages up to the caller's hidden_through_id (a message request they
 * deleted) are not theirs to see any more. Null when the other user does not exist.
 */
export async function findDirectPage(
  db: Database,
  {
    userId,
    otherId,
    key,
    window,
    changes = null,
  }: { userId: number; otherId: number; key: string; window: PageWindow; changes?: ChangesWindow },
) {
  const sql = db.$client;
  const { low, high } = directPair(userId, otherId);
  const hidden = sql`coalesce((select r.hidden_through_id from conversation_reads r
    where r.user_id = ${userId} and r.conversation_key = ${key}), 0)`;
  const target = () => sql`m.user_low = ${low} and m.user_high = ${high} and m.id > ${hidden}`;
  const rows = await sql<
    (RawMessageColumns &
      ChangeColumns & { target_id: number; last_read_id: string | null; hidden_through_id: string })[]
  >`
    select t.id as target_id, ${lastReadFor(sql, userId, key)} as last_read_id,
      ${hidden} as hidden_through_id, ${changeColumns(sql, target(), userId, changes)}, p.*
    from users t
    ${pageLateral(sql, target(), userId, window)}
    where t.id = ${otherId}`;
  if (rows.length === 0) return null;
  return {
    lastReadId: rows[0]!.last_read_id === null ? null : Number(rows[0]!.last_read_id),
    hiddenThroughId: Number(rows[0]!.hidden_through_id),
    messages: collectMessages(rows),
    ...collectChanges(rows[0], changes),
  };
}

/**
 * Changes whenever the caller blocks or unblocks anyone (count and newest block), so a club
 * page's ETag changes with the set of senders the caller does not see. Empty for someone who
 * blocked nobody (nearly everyone), so their tag stays the plain `club:{id}-{newest}`.
 */
function blockTag(sql: Sql, userId: number) {
  return sql`(select case when count(*) = 0 then '' else count(*)::text || '.' || floor(extract(epoch from max(b.created_at)) * 1000)::text end
    from user_blocks b where b.blocker_id = ${userId})`;
}

/**
 * One round trip for a poll of a club's chat or Avisos (`channel`): the club's owner, whether
 * the caller is a member, how far they have read, and the page. Null when the club does not exist.
 */
export async function findClubPage(
  db: Database,
  {
    channel,
    userId,
    clubId,
    key,
    window,
    changes = null,
  }: {
    channel: ClubChannel;
    userId: number;
    clubId: number;
    key: string;
    window: PageWindow;
    changes?: ChangesWindow;
  },
) {
  const sql = db.$client;
  const target = () => sql`${channelColumn(sql, channel)} = ${clubId} and ${notBlockedBy(sql, userId)}`;
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

/** Who may write to a club: its owner and whether the caller is a member. Null for no club. */
export async function findClubAccess(db: Database, { userId, clubId }: { userId: number; clubId: number }) {
  const sql = db.$client;
  const rows = await sql<{ owner_id: number | null; is_member: boolean }[]>`
    select c.owner_id,
      exists (select 1 from club_members cm where cm.club_id = c.id and cm.user_id = ${userId}) as is_member
    from clubs c where c.id = ${clubId}`;
  const row = rows[0];
  return row ? { ownerId: row.owner_id, isMember: row.is_member } : null;
}

export async function userExists(db: Database, id: number): Promise<boolean> {
  const sql = db.$client;
  const rows = await sql`select 1 from users where id = ${id}`;
  return rows.length > 0;
}

/** Moves the read mark forward (never back); writes nothing when it would not advance. */
export async function advanceReadMark(
  db: Database,
  { userId, key, lastReadId }: { userId: number; key: string; lastReadId: number },
) {
  const sql = db.$client;
  await sql`
    insert into conversation_reads (user_id, conversation_key, last_read_id)
    values (${userId}, ${key}, ${lastReadId})
    on conflict (user_id, conversation_key) do update
      set last_read_id = excluded.last_read_id, updated_at = now()
      where conversation_reads.last_read_id < excluded.last_read_id`;
}
