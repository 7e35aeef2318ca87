import type { ChatMessage } from "../../../../common/api/chat";

/** Messages from one person this close together read as one run, under one name and picture. */
const GROUP_GAP_MS = 5 * 60 * 1000;

export type GroupedMessage<M> = {
  message: M;
  /** Opens a run: the sender's name and picture go here (club chats). */
  first: boolean;
  /** Closes a run: the bubble keeps its tail and a little more space below. */
  last: boolean;
};

type Groupable = Pick<ChatMessage, "sender_id" | "created_at">;

/**
 * Marks where each run of consecutive messages from one sender starts and ends, as chat apps
 * group them. A pause longer than `gapMs` starts a new run, so a reply hours later shows its
 * name again.
 */
export function groupMessages<M extends Groupable>(messages: M[], gapMs = GROUP_GAP_MS): GroupedMessage<M>[] {
  const joins = (a: M | undefined, b: M | undefined) =>
    !!a &&
    !!b &&
    a.sender_id === b.sender_id &&
    Math.abs(Date.parse(b.created_at) - Date.parse(a.created_at)) <= gapMs;
  return messages.map((message, i) => ({
    message,
    first: !joins(messages[i - 1], message),
    last: !joins(message, messages[i + 1]),
  }));
}
