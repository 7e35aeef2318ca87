import type { Database } from "../../lib/database/client";
import { directPair, type MessageRow } from "./queries";

/**
 * What the live connection (src/features/live) reads. A club message reaches every subscribed
 * member, so it is read once for all of them (not once per member, as each member's poll does)
 * and each member's view (held messages, blocks) is applied in memory: see live-delivery.ts.
 * Prepared postgres.js statements, as the poll's reads (queries.ts says why).
 */
type RawRow = {
  id: string;
  sender_id: number;
  sender_username: string;
  sender_name: string;
  sender_picture_id: string | null;
  content: string;
  created_at: string;
  edited_at: string | null;
  held: boolean;
};

function toRow(row: RawRow): MessageRow {
  return {
    id: Number(row.id),
    senderId: row.sender_id,
    senderUsername: row.sender_username,
    senderName: row.sender_name,
    senderPictureId: row.sender_picture_id,
    content: row.content,
    createdAt: new Date(row.created_at).toISOString(),
    editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
    held: row.held,
  };
}

/** A club's messages after `after`, oldest first, whoever may see them. */
export async function findClubMessagesAfter(
  db: Database,
  { clubId, after, limit }: { clubId: number; after: number; limit: number },
): Promise<MessageRow[]> {
  const sql = db.$client;
  const rows = await sql<RawRow[]>`
    select m.id, m.sender_id, s.username::text as sender_username,
      coalesce(nullif(trim(concat_ws(' ', s.first_name, s.last_name)), ''), s.username::text) as sender_name,
      s.profile_picture_id as sender_picture_id, m.content, m.created_at, m.edited_at, m.held
    from messages m join users s on s.id = m.sender_id
    where m.club_id = ${clubId} and m.id > ${after}
    order by m.id asc limit ${limit}`;
  return rows.map(toRow);
}

/** The newest message id of a conversation (0 for none): where a new subscription starts. */
export async function findNewestMessageId(
  db: Database,
  target: { type: "club"; clubId: number } | { type: "user"; userId: number; otherId: number },
): Promise<number> {
  const sql = db.$client;
  if (target.type === "club") {
    const [row] = await sql<{ id: string | null }[]>`
      select max(id) as id from messages where club_id = ${target.clubId}`;
    return Number(row?.id ?? 0);
  }
  const { low, high } = directPair(target.userId, target.otherId);
  const [row] = await sql<{ id: string | null }[]>`
    select max(id) as id from messages where user_low = ${low} and user_high = ${high}`;
  return Number(row?.id ?? 0);
}

/** The people `userId` blocked: their club messages are not shown to `userId`. */
export async function findBlockedIds(db: Database, userId: number): Promise<Set<number>> {
  const sql = db.$client;
  const rows = await sql<{ blocked_id: number }[]>`
    select blocked_id from user_blocks where blocker_id = ${userId}`;
  return new Set(rows.map((row) => row.blocked_id));
}

/** Moves several people's read marks of one conversation forward in one statement. */
export async function advanceReadMarks(
  db: Database,
  { key, marks }: { key: string; marks: { userId: number; lastReadId: number }[] },
) {
  if (marks.length === 0) return;
  const sql = db.$client;
  await sql`
    insert into conversation_reads (user_id, conversation_key, last_read_id)
    select u, ${key}, l from unnest(${marks.map((mark) => mark.userId)}::int[], ${marks.map((mark) => mark.lastReadId)}::bigint[]) as t(u, l)
    on conflict (user_id, conversation_key) do update
      set last_read_id = excluded.last_read_id, updated_at = now()
      where conversation_reads.last_read_id < excluded.last_read_id`;
}
