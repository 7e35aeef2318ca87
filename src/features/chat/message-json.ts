import type { ReactionEmoji } from "../../../common/api/chat";
import { uploadUrl } from "../uploads";
import { toImageJson } from "./message-images";
import type { MessageRow } from "./queries";
import type { MessageJson } from "./schema";

const NOBODY: ReadonlySet<number> = new Set();

/**
 * One message as every answer carries it (the poll, the send, the live connection), as
 * `viewerId` sees it: its client_id only to its sender; `reacted_by_me` for that reader (from
 * the row's `mine`, or from who reacted when the row was read once for many readers). A deleted
 * message is a tombstone: no content, quote or reactions. A quote of someone the reader blocked
 * (`blocked`, when the row was read once for many readers) shows nothing of it.
 */
export function toJson(
  row: MessageRow,
  viewerId: number,
  blocked: ReadonlySet<number> = NOBODY,
): MessageJson {
  const quoteHidden = row.replyTo ? row.replyTo.hidden || blocked.has(row.replyTo.senderId) : false;
  return {
    id: row.id,
    sender_id: row.senderId,
    sender_username: row.senderUsername,
    sender_display_name: row.senderName,
    sender_picture_url: uploadUrl(row.senderPictureId),
    content: row.deleted ? "" : row.content,
    created_at: row.createdAt,
    updated_at: row.editedAt,
    pending_review: row.held,
    client_id: row.senderId === viewerId ? row.clientId : null,
    reply_to:
      row.deleted || !row.replyTo
        ? null
        : {
            id: row.replyTo.id,
            sender_display_name: row.replyTo.senderName,
            content: quoteHidden ? "" : row.replyTo.content,
            deleted: row.replyTo.deleted,
            hidden: quoteHidden,
          },
    reactions: row.deleted
      ? []
      : row.reactions
          .filter((reaction) => reaction.count > 0)
          .map((reaction) => ({
            emoji: reaction.emoji as ReactionEmoji,
            count: reaction.count,
            reacted_by_me: reaction.by ? reaction.by.includes(viewerId) : reaction.mine,
          })),
    edited_at: row.editedAt,
    deleted: row.deleted,
    ...toImageJson(row, viewerId),
  };
}

/**
 * What of `toJson(row, viewerId, blocked)` depends on the viewer, as a string that includes the
 * message's id: two viewers with the same key get the same JSON, so a live frame for a club's
 * many followers is serialised once per key (src/features/live/shared-frames.ts). Keep it in
 * step with toJson: the sender alone sees its client_id (and their own photo unblurred), a quote
 * of someone the viewer blocked is hidden, and `reacted_by_me` is per reader.
 */
export function viewKeyOf(row: MessageRow, viewerId: number, blocked: ReadonlySet<number> = NOBODY): string {
  if (row.senderId === viewerId) return `${row.id}:own`;
  let key = `${row.id}:`;
  if (row.replyTo && !row.replyTo.hidden && blocked.has(row.replyTo.senderId)) key += "q";
  for (const reaction of row.reactions) {
    if (reaction.count > 0 && (reaction.by ? reaction.by.includes(viewerId) : reaction.mine))
      key += `|${reaction.emoji}`;
  }
  return key;
}
