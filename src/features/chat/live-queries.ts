import { sql } from "drizzle-orm";
import type { Database } from "../../lib/database/client";
import { messageColumns, type RawMessageColumns, toMessageRow } from "./message-row-queries";
import { type ClubChannel, channelColumn, directPair, type MessageRow } from "./queries";

/**
 * What the live connection (src/features/live) reads. A club message reaches every subscribed
 * member, so it is read once for all of them (not once per member, as each member's poll does)
 * and each member's view (held messages, blocks) is applied in memory: see live-delivery.ts.
 * drizzle statements: each runs once per club message or subscription, not once per poll
 * (hot-queries.ts names the few that are prepared, and why).
 */
/** A club channel's messages after `after`, oldest first, whoever may see them. */
export async function findClubMessagesAfter(
  db: Database,
  { channel, clubId, after, limit }: { channel: ClubChannel; clubId: number; after: number; limit: number },
): Promise<MessageRow[]> {
  const rows = await db.execute<RawMessageColumns>(sql`
    select ${messageColumns(null)}
    from messages m join users s on s.id = m.sender_id
    where ${channelColumn(channel)} = ${clubId} and m.id > ${after}
    order by m.id asc limit ${limit}`);
  return rows.map(toMessageRow);
}

/**
 * A club channel's messages up to id `upToId` changed after change_seq `after` (edits,
 * deletions, reactions), the oldest change first, whoever may see them; each lists who reacted.
 */
export async function findClubChangesAfter(
  db: Database,
  {
    channel,
    clubId,
    after,
    upToId,
    limit,
  }: { channel: ClubChannel; clubId: number; after: number; upToId: number; limit: number },
): Promise<MessageRow[]> {
  const rows = await db.execute<RawMessageColumns>(sql`
    select ${messageColumns(null)}
    from messages m join users s on s.id = m.sender_id
    where ${channelColumn(channel)} = ${clubId} and m.change_seq > ${after} and m.id <= ${upToId}
    order by m.change_seq asc limit ${limit}`);
  return rows.map(toMessageRow);
}

/**
 * The newest message id and change_seq of a conversation (0 for none): where a new
 * subscription starts. With `readerId` (a club chat), also how far that person has read it
 * (their read mark, 0 for none).
 */
export async function findNewestMessageId(
  db: Database,
  target:
    | { type: ClubChannel; clubId: number; readerId?: number }
    | { type: "user"; userId: number; otherId: number },
): Promise<{ id: number; changeSeq: number; readUpTo?: number }> {
  type Row = { id: string | null; change_seq: string | null; read_up_to?: string | null };
  if (target.type !== "user") {
    const column = channelColumn(target.type);
    const readUpTo =
      target.readerId === undefined
        ? sql``
        : sql`, (select r.last_read_id from conversation_reads r where r.user_id = ${target.readerId}
            and r.conversation_key = ${`${target.type}:${target.clubId}`}) as read_up_to`;
    const [row] = await db.execute<Row>(sql`
      select (select max(m.id) from messages m where ${column} = ${target.clubId}) as id,
        (select max(m.change_seq) from messages m where ${column} = ${target.clubId}) as change_seq${readUpTo}`);
    const newest = { id: Number(row?.id ?? 0), changeSeq: Number(row?.change_seq ?? 0) };
    return target.readerId === undefined ? newest : { ...newest, readUpTo: Number(row?.read_up_to ?? 0) };
  }
  const { low, high } = directPair(target.userId, target.otherId);
  const [row] = await db.execute<Row>(sql`
    select (select max(id) from messages where user_low = ${low} and user_high = ${high}) as id,
      (select max(change_seq) from messages where user_low = ${low} and user_high = ${high}) as change_seq`);
  return { id: Number(row?.id ?? 0), changeSeq: Number(row?.change_seq ?? 0) };
}

/**
 * The people each of `userIds` blocked (their club messages are not shown to them), in one
 * statement however many followers a club has; everyone asked gets a set, empty for most.
 */
export async function findBlockedIdsOf(db: Database, userIds: number[]): Promise<Map<number, Set<number>>> {
  const blocked = new Map<number, Set<number>>(userIds.map((id) => [id, new Set()]));
  if (userIds.length === 0) return blocked;
  const rows = await db.execute<{ blocker_id: number; blocked_id: number }>(sql`
    select blocker_id, blocked_id from user_blocks where blocker_id = any(${sql.param(userIds)}::int[])`);
  for (const row of rows) blocked.get(row.blocker_id)?.add(row.blocked_id);
  return blocked;
}

/**
 * Moves several people's read marks of one conversation forward in one statement, marked as a
 * live delivery's on the change bus ('L', migration live_delivery_key_markers): the live hub
 * then knows the badge of a follower settled in the chat did not move (src/features/live/counts.ts).
 */
export async function advanceReadMarks(
  db: Database,
  { key, marks }: { key: string; marks: { userId: number; lastReadId: number }[] },
) {
  if (marks.length === 0) return;
  await db.execute(sql`
    select advance_live_read_marks(${key}, ${sql.param(marks.map((mark) => mark.userId))}::int[], ${sql.param(marks.map((mark) => mark.lastReadId))}::bigint[])`);
}
