import type { ChatMessage } from "../../../../common/api/chat";
import { createApi } from "../../../lib/api";
import { getIfChanged } from "../../../lib/poll-cache";
import { getToken } from "../../../lib/session";

/** A club's chat, a direct chat, or a club's Avisos channel (`announcements`, the club's id). */
export type ChatTarget = { type: "club" | "user" | "announcements"; id: number };

/** Where a conversation's messages are read and sent. */
export function threadPath(target: ChatTarget): string {
  return target.type === "announcements"
    ? `/api/messages/club/${target.id}/announcements`
    : `/api/messages/${target.type}/${target.id}`;
}

export const CHAT_POLL_MS = 2000;
export const PAGE_SIZE = 50;

export type PageResult =
  | { notModified: true }
  | { notModified: false; messages: ChatMessage[]; etag: string | null; changeSeq: number | null };

/** The chat's API client: the same requests as every other call (token, errors, 304s). */
const chatApi = createApi({ fetcher: (path, init) => fetch(path, init), getToken });

/**
 * One GET of a conversation page, conditional on the ETag of the copy held
 * (client/lib/poll-cache.ts): an unchanged page answers `notModified`.
 */
export async function fetchMessages(
  target: ChatTarget,
  query: { after?: number; before?: number; limit?: number; changesAfter?: number | null },
  { etag, fallback, signal }: { etag?: string | null; fallback: string; signal?: AbortSignal },
): Promise<PageResult> {
  const params = new URLSearchParams();
  if (query.after !== undefined) params.set("after", String(query.after));
  if (query.before !== undefined) params.set("before", String(query.before));
  params.set("limit", String(query.limit ?? PAGE_SIZE));
  // Edits, deletions and reactions since the last poll (a server without them never sent a seq).
  if (query.changesAfter != null) params.set("changes_after", String(query.changesAfter));
  const answer = await getIfChanged<unknown>(chatApi, `${threadPath(target)}?${params}`, etag, {
    fallback,
    signal,
  });
  if (answer.notModified) return { notModified: true };
  return {
    notModified: false,
    messages: Array.isArray(answer.data) ? (answer.data as ChatMessage[]) : [],
    etag: answer.response?.headers.get("etag") ?? null,
    changeSeq: toSeq(answer.response?.headers.get("x-change-seq") ?? null),
  };
}

function toSeq(header: string | null): number | null {
  const seq = Number(header);
  return header !== null && Number.isSafeInteger(seq) && seq >= 0 ? seq : null;
}

/**
 * Puts changed messages (an edit, a deletion, a reaction) in place of the copies in the list;
 * one not in the list (older than the pages loaded) is left out, as it would break the run of
 * consecutive pages.
 */
export function replaceMessages(current: ChatMessage[], changed: ChatMessage[]): ChatMessage[] {
  if (changed.length === 0) return current;
  const byId = new Map(changed.map((msg) => [msg.id, msg]));
  let touched = false;
  const next = current.map((msg) => {
    const update = byId.get(msg.id);
    if (!update) return msg;
    touched = true;
    return update;
  });
  return touched ? next : current;
}

/**
 * Adds messages to a list kept in id order, without duplicates (a poll and a send may both bring
 * one). An approved held message comes back under a new id: it replaces the sender's pending
 * copy (same sender and text), which the server no longer has.
 */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((msg) => [msg.id, msg]));
  for (const msg of incoming) {
    if (!msg.pending_review && !byId.has(msg.id)) {
      const pending = [...byId.values()].find(
        (old) => old.pending_review && old.sender_id === msg.sender_id && old.content === msg.content,
      );
      if (pending) byId.delete(pending.id);
    }
    byId.set(msg.id, msg);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
