import type { ChatMessage } from "../../../../common/api/chat";
import { m } from "../../../../common/messages";
import type { MenuAction } from "../../../components/action-menu";

/** What a club chat's moderator (an officer with moderate_chat, an admin) may do to its messages. */
export type ChatModeration = {
  pinnedId: number | null;
  pin: (message: ChatMessage) => void;
  unpin: (message: ChatMessage) => void;
  /** Deletes someone else's message (asked first). */
  remove: (message: ChatMessage) => void;
};

/**
 * The moderator's items in a bubble's menu: Pin (or Unpin on the pinned one), and Delete on
 * someone else's message (their own has the usual Delete already). None on a tombstone or a
 * held message.
 */
export function moderationActions(
  message: ChatMessage,
  mine: boolean,
  moderation: ChatModeration | undefined,
): MenuAction[] {
  if (!moderation || message.deleted || message.pending_review) return [];
  const pinned = moderation.pinnedId === message.id;
  const actions: MenuAction[] = [
    pinned
      ? { label: m.chatPins.unpin, onSelect: () => moderation.unpin(message) }
      : { label: m.chatPins.pin, onSelect: () => moderation.pin(message) },
  ];
  if (!mine)
    actions.push({
      label: m.safetyPage.deleteMessage,
      danger: true,
      onSelect: () => moderation.remove(message),
    });
  return actions;
}
