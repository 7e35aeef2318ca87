import { sql } from "drizzle-orm";
import { REACTION_EMOJIS, REPLY_EXCERPT_LENGTH } from "../../../common/api/chat";
import {
  imageColumns,
  type MessageImageRow,
  type RawImageColumns,
  toImageRow,
} from "./message-image-queries";

/** One reaction emoji on a message: `mine` for the reader, or everyone's ids (`by`) for live. */
type ReactionRow = { emoji: string; count: number; mine: boolean; by?: number[] };

/** A quote: `hidden` when this reader may not see the original (held since, or its sender blocked). */
export type ReplyRow = {
  id: number;
  senderId: number;
  senderName: string;
  content: string;
  deleted: boolean;
  hidden: boolean;
};

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
  clientId: string | null;
  replyTo: ReplyRow | null;
  reactions: ReactionRow[];
  deleted: boolean;
  changeSeq: number | null;
} & MessageImageRow;

/** The columns every message read selects (`m` the message, `s` its sender). */
export type RawMessageColumns = {
  id: string | number | null;
  sender_id: number | null;
  sender_username: string | null;
  sender_name: string | null;
  sender_picture_id: string | null;
  content: string | null;
  created_at: string | null;
  edited_at: string | null;
  held: boolean | null;
  client_id: string | null;
  reply_to: {
    id: number | string;
    sender_id: number | string;
    sender_name: string;
    content: string;
    deleted: boolean;
    hidden: boolean;
  } | null;
  reactions: { emoji: string; count: number; mine: boolean; by?: number[] }[] | null;
  deleted: boolean | null;
  change_seq: string | number | null;
} & RawImageColumns;

/**
 * The select list of a message row. A quote shows nothing of an original that is deleted, held
 * by a watched word since (an edit can hold it), or sent by someone the reader blocked. `viewerId` set: each reaction says whether that reader
 * reacted (the poll). Null: each lists who reacted (`by`), so the live connection reads a club's
 * message once and works out every follower's `reacted_by_me` in memory.
 */
export function messageColumns(viewerId: number | null) {
  const reactors =
    viewerId === null
      ? sql`'by', (select coalesce(json_agg(x.user_id), '[]'::json) from message_reactions x
          where x.message_id = m.id and x.emoji = r.emoji)`
      : sql`'mine', exists (select 1 from message_reactions x
          where x.message_id = m.id and x.emoji = r.emoji and x.user_id = ${viewerId})`;
  // Read once for many readers (live), whose blocks are applied in memory (message-json.ts).
  const blockedQuote =
    viewerId === null
      ? sql`false`
      : sql`exists (select 1 from user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = o.sender_id)`;
  return sql`m.id, m.sender_id, s.username::text as sender_username,
    coalesce(nullif(trim(concat_ws(' ', s.first_name, s.last_name)), ''), s.username::text) as sender_name,
    s.profile_picture_id as sender_picture_id, m.content, m.created_at, m.edited_at, m.held,
    m.client_id::text as client_id, m.deleted_at is not null as deleted, m.change_seq,
    (select json_build_object('id', q.id, 'sender_id', q.sender_id, 'sender_name', q.sender_name,
        'content', case when q.deleted or q.hidden then '' else q.content end,
        'deleted', q.deleted, 'hidden', q.hidden)
      from (select o.id, o.sender_id, o.deleted_at is not null as deleted,
          left(o.content, ${REPLY_EXCERPT_LENGTH}::int) as content,
          coalesce(nullif(trim(concat_ws(' ', os.first_name, os.last_name)), ''), os.username::text) as sender_name,
          o.held or ${blockedQuote} as hidden
        from messages o join users os on os.id = o.sender_id
        where o.id = m.reply_to_id and m.deleted_at is null) q) as reply_to,
    (select json_agg(json_build_object('emoji', r.emoji, 'count', r.n, ${reactors}))
      from (select emoji, count(*)::int as n from message_reactions
        where message_id = m.id group by emoji) r) as reactions,
    ${imageColumns()}`;
}

const order = (emoji: string) => (REACTION_EMOJIS as readonly string[]).indexOf(emoji);

function toIso(value: string): string {
  return new Date(value).toISOString();
}

export function toMessageRow(row: RawMessageColumns): MessageRow {
  return {
    id: Number(row.id),
    senderId: Number(row.sender_id),
    senderUsername: row.sender_username ?? "",
    senderName: row.sender_name ?? row.sender_username ?? "",
    senderPictureId: row.sender_picture_id ?? null,
    content: row.content ?? "",
    createdAt: toIso(row.created_at ?? ""),
    editedAt: row.edited_at ? toIso(row.edited_at) : null,
    held: row.held ?? false,
    clientId: row.client_id ?? null,
    replyTo: row.reply_to
      ? {
          id: Number(row.reply_to.id),
          senderId: Number(row.reply_to.sender_id),
          senderName: row.reply_to.sender_name,
          content: row.reply_to.content,
          deleted: row.reply_to.deleted,
          hidden: row.reply_to.hidden,
        }
      : null,
    reactions: (row.reactions ?? [])
      .map((r) => ({ emoji: r.emoji, count: r.count, mine: r.mine ?? false, by: r.by }))
      .sort((a, b) => order(a.emoji) - order(b.emoji)),
    deleted: row.deleted ?? false,
    changeSeq: row.change_seq === null || row.change_seq === undefined ? null : Number(row.change_seq),
    ...toImageRow(row),
  };
}
