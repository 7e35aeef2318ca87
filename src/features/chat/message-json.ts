import { uploadUrl } from "../uploads/service";
import type { MessageRow } from "./queries";
import type { MessageJson } from "./schema";

/** One message as every answer carries it: the poll, the send, and the live connection. */
export function toJson(row: MessageRow): MessageJson {
  return {
    id: row.id,
    sender_id: row.senderId,
    sender_username: row.senderUsername,
    sender_display_name: row.senderName,
    sender_picture_url: uploadUrl(row.senderPictureId),
    content: row.content,
    created_at: row.createdAt,
    updated_at: row.editedAt,
    pending_review: row.held,
  };
}
