import { sql } from "drizzle-orm";
import type { Executor } from "../../lib/database/client";

/**
 * Read state ("Seen"): what the read marks (conversation_reads) say about other people, for
 * read-state.ts. A person shares their reading unless their settings say `read_receipts: false`.
 */
const sharesReceipts = (userId: unknown) => sql`not exists (select 1 from user_notification_settings s
  where s.user_id = ${userId} and s.settings -> 'read_receipts' = 'false'::jsonb)`;

/**
 * Which of a club's two conversations: its chat (`club:<id>`, messages.club_id) or its Avisos
 * channel (`announcements:<id>`, messages.announcement_club_id). Their read marks and "Seen by"
 * follow the same rules.
 */
export type ClubRoom = "club" | "announcements";
const roomColumn = (room: ClubRoom) => sql.raw(room === "club" ? "club_id" : "announcement_club_id");

const blockedEitherWay = (a: unknown, b: unknown) => sql`exists (select 1 from user_blocks b
  where (b.blocker_id = ${a} and b.blocked_id = ${b}) or (b.blocker_id = ${b} and b.blocked_id = ${a}))`;

/** Whether a person shares read receipts (no setting saved: yes). */
export async function selectSharesReceipts(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.execute<{ shares: boolean }>(sql`select ${sharesReceipts(userId)} as shares`);
  return rows[0]?.shares ?? true;
}

/**
 * How far `readerId` read their direct chat with `viewerId`, and whether the viewer may be told:
 * the reader shares receipts, no block either way, and the viewer's message request to them is
 * not waiting (a request's sender is never told whether it was read).
 */
export async function selectDirectReadMark(
  db: Executor,
  { readerId, viewerId }: { readerId: number; viewerId: number },
): Promise<{ lastReadId: number; readAt: Date; visible: boolean } | null> {
  const rows = await db.execute<{ last_read_id: string; updated_at: string; visible: boolean }>(sql`
    select cr.last_read_id, cr.updated_at,
      ${sharesReceipts(readerId)} and not ${blockedEitherWay(readerId, viewerId)}
        and not exists (select 1 from message_requests mr
          where mr.recipient_id = ${readerId} and mr.sender_id = ${viewerId} and mr.accepted_at is null) as visible
    from conversation_reads cr
    where cr.user_id = ${readerId} and cr.conversation_key = ${`user:${viewerId}`}`);
  const row = rows[0];
  if (!row) return null;
  return { lastReadId: Number(row.last_read_id), readAt: new Date(row.updated_at), visible: row.visible };
}

/** A club message's sender, or null when the message is not in that club (or held from the viewer). */
export async function selectClubMessageSender(
  db: Executor,
  {
    clubId,
    messageId,
    viewerId,
    room = "club",
  }: { clubId: number; messageId: number; viewerId: number; room?: ClubRoom },
): Promise<number | null> {
  const rows = await db.execute<{ sender_id: number }>(sql`
    select sender_id from messages
    where id = ${messageId} and ${roomColumn(room)} = ${clubId} and (not held or sender_id = ${viewerId})`);
  return rows[0]?.sender_id ?? null;
}

export type ReaderRow = {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  pictureId: string | null;
  total: number;
};

type ReadersOf = { clubId: number; messageId: number; senderId: number; viewerId: number; room?: ClubRoom };

/**
 * Members of the club whose read mark reached `messageId` (as `cm`, `cr`): not its sender, only
 * people who share receipts, nobody on either side of a block with the sender (they never saw
 * it) or the viewer. One definition for the list and the count.
 */
function clubReadersFrom({ clubId, messageId, senderId, viewerId, room = "club" }: ReadersOf) {
  return sql`from club_members cm
    join conversation_reads cr on cr.user_id = cm.user_id and cr.conversation_key = ${`${room}:${clubId}`}
    where cm.club_id = ${clubId} and cr.last_read_id >= ${messageId} and cm.user_id <> ${senderId}
      and ${sharesReceipts(sql`cm.user_id`)}
      and not ${blockedEitherWay(sql`cm.user_id`, senderId)}
      and not ${blockedEitherWay(sql`cm.user_id`, viewerId)}`;
}

/** The club's readers of a message (clubReadersFrom) by name, at most `limit`; `total` counts them all. */
export async function selectClubReaders(
  db: Executor,
  { limit, ...readers }: ReadersOf & { limit: number },
): Promise<ReaderRow[]> {
  const rows = await db.execute<ReaderRow>(sql`
    select u.id, u.username::text as username, u.first_name as "firstName", u.last_name as "lastName",
      u.profile_picture_id as "pictureId", (count(*) over ())::int as total
    from (select cm.user_id ${clubReadersFrom(readers)}) r
    join users u on u.id = r.user_id
    order by lower(concat_ws(' ', u.first_name, u.last_name, u.username::text)), u.id
    limit ${limit}`);
  return [...rows];
}

/** How many readers `selectClubReaders` would count (its `total`), without reading their names. */
export async function countClubReaders(db: Executor, readers: ReadersOf): Promise<number> {
  const [row] = await db.execute<{ total: number }>(
    sql`select count(*)::int as total ${clubReadersFrom(readers)}`,
  );
  return Number(row?.total ?? 0);
}

/** The newest own message in a club chat (or its Avisos) of each of `userIds` (absent: none). */
export async function selectNewestOwnClubMessages(
  db: Executor,
  { clubId, userIds, room = "club" }: { clubId: number; userIds: number[]; room?: ClubRoom },
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.execute<{ sender_id: number; id: string }>(sql`
    select sender_id, max(id) as id from messages
    where ${roomColumn(room)} = ${clubId} and sender_id = any(${`{${userIds.join(",")}}`}::int[]) and not held
    group by sender_id`);
  return new Map([...rows].map((row) => [row.sender_id, Number(row.id)]));
}

/**
 * For the live `read` frames of one club chat: the readers' marks (with when they moved), who of
 * `userIds` shares read receipts, and the blocks among `userIds` ("blocker-blocked").
 */
export async function selectClubReadFacts(
  db: Executor,
  {
    clubId,
    readerIds,
    userIds,
    room = "club",
  }: { clubId: number; readerIds: number[]; userIds: number[]; room?: ClubRoom },
) {
  const readers = `{${readerIds.join(",")}}`;
  const everyone = `{${userIds.join(",")}}`;
  // One statement, one round trip: under load each round trip waits for the event loop while it
  // holds one of the live connection's few pool connections (docs/capacity.md).
  const rows = await db.execute<{
    kind: "mark" | "quiet" | "block";
    a: number;
    b: string | null;
    at: string | null;
  }>(sql`
    select 'mark' as kind, user_id as a, last_read_id as b, updated_at as at from conversation_reads
    where conversation_key = ${`${room}:${clubId}`} and user_id = any(${readers}::int[])
    union all
    select 'quiet', user_id, null, null from user_notification_settings
    where user_id = any(${everyone}::int[]) and settings -> 'read_receipts' = 'false'::jsonb
    union all
    select 'block', blocker_id, blocked_id, null from user_blocks
    where blocker_id = any(${everyone}::int[]) and blocked_id = any(${everyone}::int[])`);
  const facts = {
    marks: new Map<number, { lastReadId: number; readAt: Date }>(),
    optedOut: new Set<number>(),
    blocks: new Set<string>(),
  };
  for (const row of rows) {
    if (row.kind === "mark") facts.marks.set(row.a, { lastReadId: Number(row.b), readAt: new Date(row.at!) });
    else if (row.kind === "quiet") facts.optedOut.add(row.a);
    else facts.blocks.add(`${row.a}-${row.b}`);
  }
  return facts;
}
