import { toConversationJson } from "./conversation-json";
import type { ListedRow } from "./conversation-queries";
import type { ConversationJson } from "./schema";

/** An Avisos channel is never a message request, either way. */
const AVISOS = { type: "announcements", request: false, awaitingAcceptance: false } as const;

/**
 * Puts each club's Avisos channel first among that club's conversations: just before its club
 * chat. A club whose chat is not listed (its owner, who stays out of the chat) has its Avisos
 * placed by its newest aviso among the other conversations, or last when it has none.
 */
export function placeAnnouncementChannels(
  rows: ConversationJson[],
  channels: ListedRow[],
): ConversationJson[] {
  const byClub = new Map(channels.map((row) => [row.id, toConversationJson(row, AVISOS)]));
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
