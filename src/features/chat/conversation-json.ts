import { uploadUrl } from "../uploads";
import type { ListedRow } from "./conversation-queries";
import type { ConversationJson } from "./schema";

/** One row of the chat screen's list as the API sends it; `kind` says which conversation it is. */
export function toConversationJson(
  row: ListedRow,
  kind: { type: ConversationJson["type"]; request: boolean; awaitingAcceptance: boolean },
): ConversationJson {
  return {
    type: kind.type,
    id: row.id,
    name: row.name,
    image_url: uploadUrl(row.imageId),
    last_message_content: row.lastMessageContent,
    last_message_at: row.lastMessageAt,
    last_message_sender_id: row.lastMessageSenderId,
    last_message_has_image: row.lastMessageHasImage,
    last_message_deleted: row.lastMessageDeleted,
    unread_count: row.unreadCount,
    request: kind.request,
    awaiting_acceptance: kind.awaitingAcceptance,
  };
}
