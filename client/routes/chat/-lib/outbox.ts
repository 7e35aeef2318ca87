import type { ChatMessage } from "../../../../common/api/chat";

/**
 * Messages the person sent that the server has not confirmed yet, kept on the phone
 * (localStorage, one list per person and conversation) so a reload or a lost signal loses none.
 * Each carries a `client_id` made once: a retry sends the same one, and the server stores the
 * message once however many times it arrives.
 */
export type OutboxItem = {
  client_id: string;
  content: string;
  /** The message it answers: its id, and what the quote above the pending bubble shows. */
  reply_to: NonNullable<ChatMessage["reply_to"]> | null;
  /** When it was written (ISO). */
  created_at: string;
  /** It carries a photo (the file itself stays in memory: ./outbox-photos.ts). */
  has_image?: boolean;
  /** "sending" while a request is out; "failed" once one failed (or the page was reloaded meanwhile). */
  state: "sending" | "failed";
};

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function outboxKey(myId: number, conversation: string): string {
  return `clubnica.outbox.${myId}.${conversation}`;
}

function isItem(value: unknown): value is OutboxItem {
  const item = value as OutboxItem | null;
  return (
    typeof item?.client_id === "string" &&
    typeof item.content === "string" &&
    typeof item.created_at === "string" &&
    (item.reply_to === null || typeof item.reply_to?.id === "number")
  );
}

/**
 * The stored list. A message still "sending" when the page went away may or may not have
 * arrived: it comes back as failed, for the person to retry (safely, with its client_id).
 */
export function readOutbox(store: Store, key: string): OutboxItem[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(key) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isItem).map((item) => ({ ...item, state: "failed" as const }));
  } catch {
    return [];
  }
}

export function writeOutbox(store: Store, key: string, items: OutboxItem[]): void {
  try {
    if (items.length) store.setItem(key, JSON.stringify(items));
    else store.removeItem(key);
  } catch {
    // Storage full or refused (private mode): the outbox still works for this page's life.
  }
}

/** Drops the items the server now has (matched by client_id, from an answer, a poll or live). */
export function settleOutbox(items: OutboxItem[], arrived: { client_id?: string | null }[]): OutboxItem[] {
  const ids = new Set(arrived.map((message) => message.client_id).filter(Boolean));
  return ids.size ? items.filter((item) => !ids.has(item.client_id)) : items;
}

export function setOutboxState(
  items: OutboxItem[],
  clientId: string,
  state: OutboxItem["state"],
): OutboxItem[] {
  return items.map((item) => (item.client_id === clientId ? { ...item, state } : item));
}
