import { uploadUrl } from "../uploads";
import type { AnnouncementChannelRow } from "./announcements-queries";
import type { ConversationJson } from "./schema";

function toConversation(row: AnnouncementChannelRow): ConversationJson {
  return {
    type: "announcements",
    id: row.clubId,
    name: row.name,
    image_url: uploadUrl(row.imageId),
    last_message_content: row.lastMessageContent,
    last_message_at: row.lastMessageAt,
    last_message_sender_id: row.lastMessageSenderId,
    last_message_has_image: row.lastMessageHasImage,
    last_message_deleted: row.lastMessageDeleted,
    unread_count: row.unreadCount,
    request: false,
    awaiting_acceptance: false,
  };
}

/**
 * Puts each club's Avisos channel first among that club's conversations: just before its club
 * chat. A club whose chat is not listed (its owner, who stays out of the chat) has its Avisos
 * placed by its newest aviso among the other conversations, or last when it has none.
 */
export function placeAnnouncementChannels(
  rows: ConversationJson[],
  channels: AnnouncementChannelRow[],
): ConversationJson[] {
  const byClub = new Map(channels.map((row) => [row.clubId, toConversation(row)]));
  const placed: ConversationJson[] = [];
  for (const row of rows) {
    const channel = row.type === "club" ? byClub.get(row.id) : undefined;
    if (channel) {
      placed.push(channel);
      byClub.delete(row.id);
    }
    placed.push(row);
  }
  for (const channel of byClub.values()) {
    const at = channel.last_message_at;
    const index = at === null ? -1 : placed.findIndex((row) => (row.last_message_at ?? "") < at);
    if (index === -1) placed.push(channel);
    else placed.splice(index, 0, channel);
  }
  return placed;
}
