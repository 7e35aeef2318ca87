import type postgres from "postgres";
import type { Database } from "../../lib/database/client";

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

export type MessageRow = {
  id: number;
  senderId: number;
  senderUsername: string;
  /** First and last name, else the username. */
  senderName: string;
  senderPictureId: string | null;
  content: string;
  createdAt: string;
  editedAt: string | null;
  held: boolean;
};

type RawMessageColumns = {
  id: string | number | null;
  sender_id: number | null;
  sender_username: string | null;
  sender_name: string | null;
  sender_picture_id: string | null;
  content: string | null;
  created_at: string | null;
  edited_at: string | null;
  held: boolean | null;
};

/** Direct conversations are keyed by the ordered pair, so one index serves both directions. */
export function directPair(a: number, b: number) {
  return { low: Math.min(a, b), high: Math.max(a, b) };
}

function toIso(value: string): string {
  return new Date(value).toISOString();
}

/**
 * The page of one conversation as a lateral subquery: `target` picks the conversation
 * (`m.user_low = … and m.user_high = …` or `m.club_id = …`). Walks messages_direct_idx or
 * messages_club_idx from the cursor and stops after `limit` rows. Held messages are shown to
 * their sender only (`viewerId`).
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
    select m.id, m.sender_id, s.username::text as sender_username,
      coalesce(nullif(trim(concat_ws(' ', s.first_name, s.last_name)), ''), s.username::text) as sender_name,
      s.profile_picture_id as sender_picture_id, m.content, m.created_at, m.edited_at, m.held
    from messages m
    join users s on s.id = m.sender_id
    where ${target} and (not m.held or m.sender_id = ${viewerId}) ${bound}
    ${order}
    limit ${window.limit}
  ) p on true`;
}

function collectMessages(rows: readonly RawMessageColumns[]): MessageRow[] {
  const page: MessageRow[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    page.push({
      id: Number(row.id),
      senderId: Number(row.sender_id),
      senderUsername: row.sender_username ?? "",
      senderName: row.sender_name ?? row.sender_username ?? "",
      senderPictureId: row.sender_picture_id ?? null,
      content: row.content ?? "",
      createdAt: toIso(row.created_at ?? ""),
      editedAt: row.edited_at ? toIso(row.edited_at) : null,
      held: row.held ?? false,
    });
  }
  return page.sort((a, b) => a.id - b.id);
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
  { userId, otherId, key, window }: { userId: number; otherId: number; key: string; window: PageWindow },
) {
  const sql = db.$client;
  const { low, high } = directPair(userId, otherId);
  const hidden = sql`coalesce((select r.hidden_through_id from conversation_reads r
    where r.user_id = ${userId} and r.conversation_key = ${key}), 0)`;
  const rows = await sql<
    (RawMessageColumns & { target_id: number; last_read_id: string | null; hidden_through_id: string })[]
  >`
    select t.id as target_id, ${lastReadFor(sql, userId, key)} as last_read_id,
      ${hidden} as hidden_through_id, p.*
    from users t
    ${pageLateral(sql, sql`m.user_low = ${low} and m.user_high = ${high} and m.id > ${hidden}`, userId, window)}
    where t.id = ${otherId}`;
  if (rows.length === 0) return null;
  return {
    lastReadId: rows[0]!.last_read_id === null ? null : Number(rows[0]!.last_read_id),
    hiddenThroughId: Number(rows[0]!.hidden_through_id),
    messages: collectMessages(rows),
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
 * One round trip for a club-chat poll: the club's owner, whether the caller is a member, how far
 * they have read, and the page. Null when the club does not exist.
 */
export async function findClubPage(
  db: Database,
  { userId, clubId, key, window }: { userId: number; clubId: number; key: string; window: PageWindow },
) {
  const sql = db.$client;
  const rows = await sql<
    (RawMessageColumns & {
      target_id: number;
      owner_id: number | null;
      is_member: boolean;
      last_read_id: string | null;
      block_tag: string;
    })[]
  >`
    select c.id as target_id, c.owner_id,
      exists (select 1 from club_members cm where cm.club_id = c.id and cm.user_id = ${userId}) as is_member,
      ${lastReadFor(sql, userId, key)} as last_read_id, ${blockTag(sql, userId)} as block_tag, p.*
    from clubs c
    ${pageLateral(
      sql,
      sql`m.club_id = ${clubId} and not exists (select 1 from user_blocks b
      where b.blocker_id = ${userId} and b.blocked_id = m.sender_id)`,
      userId,
      window,
    )}
    where c.id = ${clubId}`;
  if (rows.length === 0) return null;
  const first = rows[0]!;
  return {
    ownerId: first.owner_id,
    isMember: first.is_member,
    lastReadId: first.last_read_id === null ? null : Number(first.last_read_id),
    blockTag: first.block_tag,
    messages: collectMessages(rows),
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
