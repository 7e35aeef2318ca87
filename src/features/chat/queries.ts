import { type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../lib/database/client";
import { type MessageRow, messageColumns, type RawMessageColumns, toMessageRow } from "./message-row-queries";

/**
 * The pieces of the chat's reads, as drizzle SQL. The page polls themselves (every 2 s per open
 * chat) run as named prepared statements: hot-queries.ts says why, with the figure.
 */

/** Which messages a page holds: the newest ones, those after a cursor, or those before one. */
export type PageWindow =
  | { kind: "latest"; limit: number }
  | { kind: "after"; cursor: number; limit: number }
  | { kind: "before"; cursor: number; limit: number };

export type { MessageRow } from "./message-row-queries";

/** With an `after` poll: also the older messages changed after this change_seq (at most `limit`). */
export type ChangesWindow = { after: number; upToId: number; limit: number } | null;

/** A club's two channels: its chat, and its Avisos (announcements). */
export type ClubChannel = "club" | "announcements";

/**
 * The messages column naming a channel's club (`m.club_id` or `m.announcement_club_id`): an
 * aviso never has club_id set, so the club chat's reads leave avisos out, and the reverse.
 */
export function channelColumn(channel: ClubChannel) {
  return channel === "club" ? sql`m.club_id` : sql`m.announcement_club_id`;
}

/** Leaves out the messages of people `userId` blocked (the alias `m` is the message). */
export function notBlockedBy(userId: number) {
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
export function pageLateral(target: SQL, viewerId: number, window: PageWindow) {
  const bound =
    window.kind === "after"
      ? sql`and m.id > ${window.cursor}`
      : window.kind === "before"
        ? sql`and m.id < ${window.cursor}`
        : sql.empty();
  const order = window.kind === "after" ? sql`order by m.id asc` : sql`order by m.id desc`;
  return sql`left join lateral (
    select ${messageColumns(viewerId)}
    from messages m
    join users s on s.id = m.sender_id
    where ${target} and (not m.held or m.sender_id = ${viewerId}) ${bound}
    ${order}
    limit ${window.limit}
  ) p on true`;
}

export function collectMessages(rows: readonly RawMessageColumns[]): MessageRow[] {
  const page: MessageRow[] = [];
  for (const row of rows) if (row.id !== null) page.push(toMessageRow(row));
  return page.sort((a, b) => a.id - b.id);
}

/**
 * Two columns of a page's statement (read in its snapshot, once): the conversation's newest
 * change_seq, and the older messages (id up to the cursor) changed after `changes`, the oldest
 * change first.
 */
export function changeColumns(target: SQL, viewerId: number, changes: ChangesWindow) {
  const changed = changes
    ? sql`(select json_agg(c) from (
        select ${messageColumns(viewerId)} from messages m join users s on s.id = m.sender_id
        where ${target} and (not m.held or m.sender_id = ${viewerId})
          and m.change_seq > ${changes.after} and m.id <= ${changes.upToId}
        order by m.change_seq limit ${changes.limit}) c)`
    : sql`null::json`;
  return sql`(select max(m.change_seq) from messages m where ${target}) as newest_change_seq,
    ${changed} as changed`;
}

export type ChangeColumns = {
  newest_change_seq: string | number | null;
  changed: RawMessageColumns[] | null;
};

/** The newest change_seq to report, and the changed messages by id. */
export function collectChanges(first: ChangeColumns | undefined, changes: ChangesWindow) {
  const changed = (first?.changed ?? []).map(toMessageRow);
  const newest = Number(first?.newest_change_seq ?? 0);
  // A full batch may not be all: report only as far as it goes, so the next poll asks for the rest.
  const changeSeq =
    changes && changed.length >= changes.limit
      ? Math.max(...changed.map((row) => row.changeSeq ?? 0))
      : newest;
  return { changed: changed.sort((a, b) => a.id - b.id), changeSeq };
}

export function lastReadFor(userId: number, key: string) {
  return sql`(select r.last_read_id from conversation_reads r
    where r.user_id = ${userId} and r.conversation_key = ${key})`;
}

/** Who may write to a club: its owner and whether the caller is a member. Null for no club. */
export async function findClubAccess(db: Executor, { userId, clubId }: { userId: number; clubId: number }) {
  const rows = await db.execute<{ owner_id: number | null; is_member: boolean }>(sql`
    select c.owner_id,
      exists (select 1 from club_members cm where cm.club_id = c.id and cm.user_id = ${userId}) as is_member
    from clubs c where c.id = ${clubId}`);
  const row = rows[0];
  return row ? { ownerId: row.owner_id, isMember: row.is_member } : null;
}

export async function userExists(db: Database, id: number): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from users where id = ${id}`);
  return rows.length > 0;
}

/** Moves the read mark forward (never back); writes nothing when it would not advance. */
export async function advanceReadMark(
  db: Database,
  { userId, key, lastReadId }: { userId: number; key: string; lastReadId: number },
) {
  await db.execute(sql`
    insert into conversation_reads (user_id, conversation_key, last_read_id)
    values (${userId}, ${key}, ${lastReadId})
    on conflict (user_id, conversation_key) do update
      set last_read_id = excluded.last_read_id, updated_at = now()
      where conversation_reads.last_read_id < excluded.last_read_id`);
}
