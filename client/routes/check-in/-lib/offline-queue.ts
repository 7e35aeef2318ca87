import type { CheckInStatus } from "../../../../common/api/check-ins";
import { readQueue, type Store, writeQueue } from "./offline-queue-store";

/**
 * Check-ins made without signal wait on the phone (localStorage) with the moment they were
 * made, and go when the phone is back online; the server accepts them if that moment was in
 * the window and the code was valid then; one sent more than two minutes after that moment waits
 * for the owner's confirmation. One entry per event: a person checks in once.
 */
export type QueuedCheckIn = { postId: number; code: string; at: string };
/** `status` is what the server made of a sent check-in: present, pending (por confirmar) or rejected. */
export type SendOutcome =
  | { kind: "sent"; status: CheckInStatus }
  | { kind: "refused"; message: string }
  | { kind: "offline" };
export type FlushResult = { postId: number; outcome: SendOutcome };

/** Keeps the first check-in per event: its time is when the person was really there. */
export function enqueueCheckIn(store: Store, item: QueuedCheckIn): void {
  const queue = readQueue(store);
  if (queue.some((q) => q.postId === item.postId)) return;
  writeQueue(store, [...queue, item]);
}

/**
 * Sends every waiting check-in. Sent and refused ones leave the queue (a refusal will not
 * change by retrying); those that still find no signal stay for the next try.
 */
export async function flushQueue(
  store: Store,
  send: (item: QueuedCheckIn) => Promise<SendOutcome>,
): Promise<FlushResult[]> {
  const results: FlushResult[] = [];
  for (const item of readQueue(store)) {
    const outcome = await send(item);
    results.push({ postId: item.postId, outcome });
    if (outcome.kind !== "offline")
      writeQueue(
        store,
        readQueue(store).filter((q) => q.postId !== item.postId),
      );
  }
  return results;
}

/** The 6 digits in what was scanned: a check-in link (?code=) or the bare code. */
export function codeFromScan(text: string): string | null {
  try {
    const fromLink = new URL(text).searchParams.get("code");
    if (fromLink && /^\d{6}$/.test(fromLink)) return fromLink;
  } catch {
    // Not a link.
  }
  const bare = text.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(bare) ? bare : null;
}
