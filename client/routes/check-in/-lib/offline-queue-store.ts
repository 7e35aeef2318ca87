import type { QueuedCheckIn } from "./offline-queue";

/**
 * Where the offline check-ins wait: one localStorage entry holding the list. Reading forgives a
 * broken or foreign value (an empty queue); writing an empty list removes the entry.
 */
const KEY = "clubnica.check-in-queue";

export type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function readQueue(store: Store): QueuedCheckIn[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (q): q is QueuedCheckIn =>
        typeof q?.postId === "number" && typeof q?.code === "string" && typeof q?.at === "string",
    );
  } catch {
    return [];
  }
}

export function writeQueue(store: Store, queue: QueuedCheckIn[]) {
  if (queue.length) store.setItem(KEY, JSON.stringify(queue));
  else store.removeItem(KEY);
}
