import { describe, expect, test } from "bun:test";
import { codeFromScan, enqueueCheckIn, flushQueue } from "./offline-queue";
import { readQueue } from "./offline-queue-store";

function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe("the offline check-in queue", () => {
  test("keeps the first check-in per event with its original time", () => {
    const store = memoryStore();
    enqueueCheckIn(store, { postId: 1, code: "123456", at: "2026-11-28T15:00:00.000Z" });
    enqueueCheckIn(store, { postId: 1, code: "654321", at: "2026-11-28T15:05:00.000Z" });
    enqueueCheckIn(store, { postId: 2, code: "111111", at: "2026-11-28T16:00:00.000Z" });
    expect(readQueue(store)).toEqual([
      { postId: 1, code: "123456", at: "2026-11-28T15:00:00.000Z" },
      { postId: 2, code: "111111", at: "2026-11-28T16:00:00.000Z" },
    ]);
  });

  test("sent and refused ones leave; those still offline stay", async () => {
    const store = memoryStore();
    for (const postId of [1, 2, 3])
      enqueueCheckIn(store, { postId, code: "123456", at: "2026-11-28T15:00:00Z" });
    const results = await flushQueue(store, async (item) =>
      item.postId === 1
        ? { kind: "sent", status: "present" }
        : item.postId === 2
          ? { kind: "refused", message: "closed" }
          : { kind: "offline" },
    );
    expect(results.map((r) => r.outcome.kind)).toEqual(["sent", "refused", "offline"]);
    expect(readQueue(store).map((q) => q.postId)).toEqual([3]);
  });

  test("a broken stored value reads as an empty queue", () => {
    const store = memoryStore();
    store.setItem("clubnica.check-in-queue", "{nope");
    expect(readQueue(store)).toEqual([]);
  });

  test("the code comes from a scanned check-in link or bare digits", () => {
    expect(codeFromScan("https://clubnica.example/events/7/check-in?code=012345")).toBe("012345");
    expect(codeFromScan(" 012 345 ")).toBe("012345");
    expect(codeFromScan("https://example.com/")).toBeNull();
  });
});
