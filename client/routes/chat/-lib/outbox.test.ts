import { describe, expect, test } from "bun:test";
import { type OutboxItem, outboxKey, readOutbox, setOutboxState, settleOutbox, writeOutbox } from "./outbox";

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const item = (client_id: string, state: OutboxItem["state"] = "sending"): OutboxItem => ({
  client_id,
  content: `text ${client_id}`,
  reply_to: null,
  created_at: "2026-11-28T09:00:00.000Z",
  state,
});

describe("outbox storage", () => {
  test("kept per person and conversation; a reload shows what was still sending as failed", () => {
    const store = memoryStore();
    const key = outboxKey(7, "club:3");
    writeOutbox(store, key, [item("a"), item("b", "failed")]);
    expect(readOutbox(store, outboxKey(7, "club:4"))).toEqual([]);
    expect(readOutbox(store, outboxKey(8, "club:3"))).toEqual([]);
    expect(readOutbox(store, key).map((i) => [i.client_id, i.state])).toEqual([
      ["a", "failed"],
      ["b", "failed"],
    ]);
  });

  test("an empty outbox leaves nothing behind; junk is ignored", () => {
    const store = memoryStore();
    const key = outboxKey(1, "user:2");
    writeOutbox(store, key, [item("a")]);
    writeOutbox(store, key, []);
    expect(store.map.size).toBe(0);
    store.setItem(key, "{not json");
    expect(readOutbox(store, key)).toEqual([]);
    store.setItem(key, JSON.stringify([{ nope: 1 }, item("ok")]));
    expect(readOutbox(store, key).map((i) => i.client_id)).toEqual(["ok"]);
  });

  test("a message the server confirms leaves the outbox by client_id", () => {
    const items = [item("a"), item("b")];
    expect(settleOutbox(items, [{ client_id: "b" }]).map((i) => i.client_id)).toEqual(["a"]);
    // Today's server sends no client_id: nothing settles by accident.
    expect(settleOutbox(items, [{ client_id: null }, {}])).toBe(items);
  });

  test("state changes touch only the item named", () => {
    const items = setOutboxState([item("a"), item("b")], "b", "failed");
    expect(items.map((i) => i.state)).toEqual(["sending", "failed"]);
  });
});
