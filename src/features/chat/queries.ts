import { type SQL, sql } from "drizzle-orm";
import { conversationReads, messages } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** Which messages a page holds: the newest ones, those after a cursor, or those before one. */
export type PageWindow =
  | { kind: "latest"; limit: number }
  | { kind: "after"; cursor: number; limit: number }
  | { kind: "before"; cursor: number; limit: number };

export type MessageRow = {
  id: number;
  senderId: number;
  senderUsername: string;
  content: string;
  createdAt: string;
  editedAt: string | null;
};

type RawMessageColumns = {
  id: string | number | null;
  sender_id: number | null;
  sender_username: string | null;
  content: string | null;
  created_at: string | null;
  edited_at: string | null;
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
 * messages_club_idx from the cursor and stops after `limit` rows.
 */
function pageLateral(target: SQL, window: PageWindow): SQL {
  const bound =
    window.kind === "after"
      ? sql`and m.id > ${window.cursor}`
      : window.kind === "before"
        ? sql`and m.id < ${window.cursor}`
        : sql``;
  const direction = window.kind === "after" ? sql`asc` : sql`desc`;
  return sql`left join lateral (
    select m.id, m.sender_id, s.username::text as sender_username, m.content, m.created_at, m.edited_at
    from messages m
    join users s on s.id = m.sender_id
    where ${target} ${bound}
    order by m.id ${direction}
    limit ${window.limit}
  ) p on true`;
}

function collectMessages(rows: RawMessageColumns[]): MessageRow[] {
  const page: MessageRow[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    page.push({
      id: Number(row.id),
      senderId: Number(row.sender_id),
      senderUsername: row.sender_username ?? "",
      content: row.content ?? "",
      createdAt: toIso(row.created_at ?? ""),
      editedAt: row.edited_at ? toIso(row.edited_at) : null,
    });
  }
  return page.sort((a, b) => a.id - b.id);
}

function lastReadFor(userId: number, key: string): SQL {
  return sql`(select r.last_read_id from conversation_reads r
    where r.user_id = ${userId} and r.conversation_key = ${key})`;
}

/**
 * One round trip for a direct-chat poll: whether the other user exists, how far the caller has
 * read, and the page. Null when the other user does not exist.
 */
export async function findDirectPage(
  db: Executor,
  { userId, otherId, key, window }: { userId: number; otherId: number; key: string; window: PageWindow },
) {
  const { low, high } = directPair(userId, otherId);
  const rows = (await db.execute(sql`
    select t.id as target_id, ${lastReadFor(userId, key)} as last_read_id, p.*
    from users t
    ${pageLateral(sql`m.user_low = ${low} and m.user_high = ${high}`, window)}
    where t.id = ${otherId}
  `)) as unknown as (RawMessageColumns & { target_id: number; last_read_id: string | null })[];
  if (rows.length === 0) return null;
  return {
    lastReadId: rows[0]!.last_read_id === null ? null : Number(rows[0]!.last_read_id),
    messages: collectMessages(rows),
  };
}

/**
 * One round trip for a club-chat poll: the club's owner, whether the caller is a member, how far
 * they have read, and the page. Null when the club does not exist.
 */
export async function findClubPage(
  db: Executor,
  { userId, clubId, key, window }: { userId: number; clubId: number; key: string; window: PageWindow },
) {
  const rows = (await db.execute(sql`
    select c.id as target_id, c.owner_id,
      exists (select 1 from club_members cm where cm.club_id = c.id and cm.user_id = ${userId}) as is_member,
      ${lastReadFor(userId, key)} as last_read_id, p.*
    from clubs c
    ${pageLateral(sql`m.club_id = ${clubId}`, window)}
    where c.id = ${clubId}
  `)) as unknown as (RawMessageColumns & {
    target_id: number;
    owner_id: number | null;
    is_member: boolean;
    last_read_id: string | null;
  })[];
  if (rows.length === 0) return null;
  const first = rows[0]!;
  return {
    ownerId: first.owner_id,
    isMember: first.is_member,
    lastReadId: first.last_read_id === null ? null : Number(first.last_read_id),
    messages: collectMessages(rows),
  };
}

/** Who may write to a club: its owner and whether the caller is a member. Null for no club. */
export async function findClubAccess(db: Executor, { userId, clubId }: { userId: number; clubId: number }) {
  const rows = (await db.execute(sql`
    select c.owner_id,
      exists (select 1 from club_members cm where cm.club_id = c.id and cm.user_id = ${userId}) as is_member
    from clubs c where c.id = ${clubId}
  `)) as unknown as { owner_id: number | null; is_member: boolean }[];
  const row = rows[0];
  return row ? { ownerId: row.owner_id, isMember: row.is_member } : null;
}

export async function userExists(db: Executor, id: number): Promise<boolean> {
  const rows = (await db.execute(sql`select 1 from users where id = ${id}`)) as unknown as unknown[];
  return rows.length > 0;
}

/**
 * Serialises sends within one conversation until the transaction ends, so message ids are
 * committed in the order they are handed out: a poller that has seen id N can never later
 * find a committed id below N (an `after` cursor would skip it).
 */
export async function lockConversation(db: Executor, key: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat:${key}`}, 0))`);
}

/**
 * Direct conversations are listed from conversation_reads, so both parties get a row (read
 * up to nothing) with the first message. Existing rows are left alone.
 */
export async function ensureDirectReadRows(
  db: Executor,
  { senderId, recipientId }: { senderId: number; recipientId: number },
) {
  await db
    .insert(conversationReads)
    .values([
      { userId: senderId, conversationKey: `user:${recipientId}`, lastReadId: 0 },
      { userId: recipientId, conversationKey: `user:${senderId}`, lastReadId: 0 },
    ])
    .onConflictDoNothing();
}

export async function insertMessage(
  db: Executor,
  values: { senderId: number; content: string } & (
    | { recipientId: number; clubId?: undefined }
    | { clubId: number; recipientId?: undefined }
  ),
) {
  const pair = values.recipientId !== undefined ? directPair(values.senderId, values.recipientId) : null;
  const rows = await db
    .insert(messages)
    .values({
      senderId: values.senderId,
      content: values.content,
      recipientId: values.recipientId ?? null,
      clubId: values.clubId ?? null,
      userLow: pair?.low ?? null,
      userHigh: pair?.high ?? null,
    })
    .returning({
      id: messages.id,
      senderId: messages.senderId,
      content: messages.content,
      createdAt: messages.createdAt,
      editedAt: messages.editedAt,
    });
  return rows[0]!;
}

/** Moves the read mark forward (never back): a no-op write when it would not advance. */
export async function advanceReadMark(
  db: Executor,
  { userId, key, lastReadId }: { userId: number; key: string; lastReadId: number },
) {
  await db
    .insert(conversationReads)
    .values({ userId, conversationKey: key, lastReadId })
    .onConflictDoUpdate({
      target: [conversationReads.userId, conversationReads.conversationKey],
      set: { lastReadId, updatedAt: sql`now()` },
      setWhere: sql`${conversationReads.lastReadId} < ${lastReadId}`,
    });
}
