import type { ChatMessage } from "../../../../common/api/chat";
import { ApiError, formatDetail } from "../../../lib/api";
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

/**
 * One GET of a conversation page. The API client treats 304 as a failure, so polling uses fetch
 * directly: our own If-None-Match makes the browser hand the 304 through (and skip its cache).
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
  const headers: Record<string, string> = { accept: "application/json" };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (etag) headers["if-none-match"] = etag;
  let response: Response;
  try {
    response = await fetch(`${threadPath(target)}?${params}`, {
      headers,
      cache: "no-store",
      signal,
    });
  } catch (error) {
    if ((error as Error)?.name === "AbortError") throw error;
    throw new ApiError(0, null, fallback);
  }
  if (response.status === 304) return { notModified: true };
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const detail = body && typeof body === "object" && "detail" in body ? body.detail : undefined;
    throw new ApiError(response.status, detail as never, formatDetail(detail) ?? fallback);
  }
  return {
    notModified: false,
    messages: Array.isArray(body) ? (body as ChatMessage[]) : [],
    etag: response.headers.get("etag"),
    changeSeq: toSeq(response.headers.get("x-change-seq")),
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
