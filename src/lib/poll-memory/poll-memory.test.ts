import { describe, expect, test } from "bun:test";
import { createPollMemory } from "./poll-memory";

function listeningMemory(capacity?: number) {
  const memory = createPollMemory({ capacity });
  memory.reset();
  return memory;
}

describe("poll memory", () => {
  test("serves nothing until the change feed listens, then serves a remembered answer", () => {
    const memory = createPollMemory();
    memory.remember("badge:1", 3, memory.snapshot(["p1"]));
    expect(memory.recall("badge", "badge:1")).toBeUndefined();
    memory.reset();
    memory.remember("badge:1", 3, memory.snapshot(["p1"]));
    expect(memory.recall<number>("badge", "badge:1")).toBe(3);
    expect(memory.stats.hits.get("badge")).toBe(1);
    expect(memory.stats.misses.get("badge")).toBe(1);
  });

  test("a change to any key an answer was read from makes it stale", () => {
    const memory = listeningMemory();
    memory.remember("badge:1", 3, memory.snapshot(["p1", "c7"]));
    memory.changed(["c8"]);
    expect(memory.recall<number>("badge", "badge:1")).toBe(3);
    memory.changed(["c7"]);
    expect(memory.recall("badge", "badge:1")).toBeUndefined();
    // Gone for good: taking the keys again later does not revive the old answer.
    memory.snapshot(["p1", "c7"]);
    expect(memory.recall("badge", "badge:1")).toBeUndefined();
  });

  test("a change heard while the statement ran is not lost (versions are taken before it)", () => {
    const memory = listeningMemory();
    const deps = memory.snapshot(["d1-2"]);
    memory.changed(["d1-2"]);
    memory.remember("chat:1:user:2", { upTo: 10 }, deps);
    expect(memory.recall("chat", "chat:1:user:2")).toBeUndefined();
  });

  test("keys learned from the read are accepted only when none is newer than its start", () => {
    const memory = listeningMemory();
    memory.snapshot(["c1"]);
    const mark = memory.mark();
    expect(memory.snapshotSince(mark, ["c1"])).not.toBeNull();
    expect(memory.snapshotSince(mark, ["c1", "c2"])).toBeNull();
    memory.changed(["c1"]);
    expect(memory.snapshotSince(mark, ["c1"])).toBeNull();
    expect(memory.snapshotSince(memory.mark(), ["c1", "c2"])).not.toBeNull();
  });

  test("a usable test picks which remembered answers serve this poll", () => {
    const memory = listeningMemory();
    memory.remember("chat:1:club:5", { upTo: 40 }, memory.snapshot(["c5"]));
    expect(memory.recall<{ upTo: number }>("chat", "chat:1:club:5", (m) => 39 >= m.upTo)).toBeUndefined();
    expect(memory.recall<{ upTo: number }>("chat", "chat:1:club:5", (m) => 40 >= m.upTo)).toEqual({
      upTo: 40,
    });
  });

  test("bounded: the least recently used entries go first, and answers that read them are stale", () => {
    const memory = listeningMemory(2);
    memory.remember("s:1", "one", memory.snapshot(["a1"]));
    expect(memory.recall("session", "s:1")).toBe("one");
    memory.snapshot(["a2", "a3"]);
    expect(memory.stats.evictions()).toBeGreaterThan(0);
    expect(memory.recall("session", "s:1")).toBeUndefined();
    expect(memory.stats.entries()).toBeLessThanOrEqual(4);
  });

  test("a lost LISTEN connection stops serving; listening again starts from nothing", () => {
    const memory = listeningMemory();
    memory.remember("s:1", "one", memory.snapshot(["a1"]));
    memory.distrust();
    expect(memory.recall("session", "s:1")).toBeUndefined();
    memory.remember("s:1", "one", memory.snapshot(["a1"]));
    memory.reset();
    expect(memory.recall("session", "s:1")).toBeUndefined();
    memory.remember("s:1", "one", memory.snapshot(["a1"]));
    memory.reset();
    expect(memory.recall("session", "s:1")).toBeUndefined();
    expect(memory.stats.resets).toBe(3);
  });
});

describe("a write of this process before it commits (NOTICE, then NOTIFY)", () => {
  test("a page read between the NOTICE and the NOTIFY is never served; after the NOTIFY it is", () => {
    const memory = listeningMemory();
    memory.remember("chat:1:club:7", { upTo: 10 }, memory.snapshot(["c7"]));
    memory.committing(["c7"]);
    expect(memory.recall("chat", "chat:1:club:7")).toBeUndefined();
    // Read before the write committed: it may lack message 11, so it must not answer a later poll.
    memory.remember("chat:1:club:7", { upTo: 10 }, memory.snapshot(["c7"]));
    expect(memory.recall("chat", "chat:1:club:7")).toBeUndefined();
    memory.changed(["c7"]);
    memory.remember("chat:1:club:7", { upTo: 11 }, memory.snapshot(["c7"]));
    expect(memory.recall("chat", "chat:1:club:7")).toEqual({ upTo: 11 });
  });

  test("two writers' NOTICEs keep the key pending until both NOTIFYs came", () => {
    const memory = listeningMemory();
    memory.committing(["c7"]);
    memory.committing(["c7"]);
    memory.changed(["c7"]);
    memory.remember("chat:1:club:7", { upTo: 11 }, memory.snapshot(["c7"]));
    expect(memory.recall("chat", "chat:1:club:7")).toBeUndefined();
    memory.changed(["c7"]);
    memory.remember("chat:1:club:7", { upTo: 12 }, memory.snapshot(["c7"]));
    expect(memory.recall("chat", "chat:1:club:7")).toEqual({ upTo: 12 });
  });

  test("a NOTICE whose transaction rolled back (no NOTIFY) settles by itself", () => {
    let clock = 1_000;
    const memory = createPollMemory({ now: () => clock });
    memory.reset();
    memory.committing(["c7"]);
    memory.remember("chat:1:club:7", { upTo: 10 }, memory.snapshot(["c7"]));
    expect(memory.recall("chat", "chat:1:club:7")).toBeUndefined();
    clock += 2_000; // pending-keys.ts keeps a key pending 2 s at most
    memory.remember("chat:1:club:7", { upTo: 10 }, memory.snapshot(["c7"]));
    expect(memory.recall("chat", "chat:1:club:7")).toEqual({ upTo: 10 });
  });
});
