import { afterEach, beforeEach, describe, expect, mock, spyOn, test } from "bun:test";
import { PRODUCTION_PASSWORD_COST } from "../config";
import { ServiceUnavailable } from "./errors";
import { setHashingBounds } from "./hash-slots";
import { hashPassword, verifyPassword } from "./passwords";

// The slots are per process: another file's app may have set other bounds before this one runs.
beforeEach(() => setHashingBounds({ concurrency: 4, queue: 32 }));
afterEach(() => {
  mock.restore();
  setHashingBounds({ concurrency: 4, queue: 32 });
});

/** Lets every pending callback (a handed-over slot's waiter) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the hashing queue", () => {
  test("past the queue bound a hash is refused at once with 503 and Retry-After, and the queue drains", async () => {
    const releases: (() => void)[] = [];
    spyOn(Bun.password, "hash").mockImplementation(
      () => new Promise<string>((resolve) => releases.push(() => resolve("hash"))),
    );
    setHashingBounds({ concurrency: 1, queue: 1 });
    try {
      const running = hashPassword("secret", PRODUCTION_PASSWORD_COST);
      const queued = hashPassword("secret", PRODUCTION_PASSWORD_COST);
      const refused = await hashPassword("secret", PRODUCTION_PASSWORD_COST).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ServiceUnavailable);
      expect((refused as ServiceUnavailable).status).toBe(503);
      expect(Number((refused as ServiceUnavailable).headers["Retry-After"])).toBeGreaterThan(0);
      releases.shift()!();
      expect(await running).toBe("hash");
      // The freed slot went to the queued call, whose hash has started.
      while (releases.length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
      releases.shift()!();
      expect(await queued).toBe("hash");
      // Freed, the slot takes the next call again.
      const again = hashPassword("secret", PRODUCTION_PASSWORD_COST);
      await Promise.resolve();
      releases.shift()?.();
      expect(await again).toBe("hash");
    } finally {
      setHashingBounds({ concurrency: 4, queue: 32 });
    }
  });
});

describe("the hashing queue's turns", () => {
  test("freed slots go round the waiting keys: one address's queue does not stand before another's log-in", async () => {
    const releases: (() => void)[] = [];
    const order: string[] = [];
    spyOn(Bun.password, "verify").mockImplementation(
      () => new Promise<boolean>((resolve) => releases.push(() => resolve(false))),
    );
    setHashingBounds({ concurrency: 1, queue: 16 });
    try {
      const track = (key: string) => verifyPassword("pw", "hash", { key }).then(() => order.push(key));
      // One running and four waiting from the flood, then the student's log-in.
      const calls = [...Array.from({ length: 5 }, () => track("a:flood")), track("a:student")];
      // A fifth waiting from the flood is past its share of the queue (a quarter: 4).
      const refused = await verifyPassword("pw", "hash", { key: "a:flood" }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ServiceUnavailable);
      while (order.length < calls.length) {
        while (releases.length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
        releases.shift()!();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      await Promise.all(calls);
      expect(order).toEqual(["a:flood", "a:flood", "a:student", "a:flood", "a:flood", "a:flood"]);
    } finally {
      setHashingBounds({ concurrency: 4, queue: 32 });
    }
  });

  test("one key runs at most half the slots: the flood's second hash waits while another's starts at once", async () => {
    const started: string[] = [];
    const releases: (() => void)[] = [];
    // The password names the caller, so the mock sees whose hash starts.
    spyOn(Bun.password, "verify").mockImplementation((password) => {
      started.push(String(password));
      return new Promise<boolean>((resolve) => releases.push(() => resolve(false)));
    });
    setHashingBounds({ concurrency: 2, queue: 16 });
    try {
      const call = (key: string) => verifyPassword(key, "hash", { key });
      const calls = [call("a:flood"), call("a:flood"), call("a:student")];
      expect(started).toEqual(["a:flood", "a:student"]);
      releases.shift()!();
      while (started.length < 3) await new Promise((resolve) => setTimeout(resolve, 0));
      expect(started).toEqual(["a:flood", "a:student", "a:flood"]);
      for (const release of releases.splice(0)) release();
      await Promise.all(calls);
    } finally {
      setHashingBounds({ concurrency: 4, queue: 32 });
    }
  });
});

describe("the trusted lane", () => {
  test("with the queue full of strangers' hashes, a device that signed in before waits only for the next slot", async () => {
    const started: string[] = [];
    const releases: (() => void)[] = [];
    spyOn(Bun.password, "verify").mockImplementation((password) => {
      started.push(String(password));
      return new Promise<boolean>((resolve) => releases.push(() => resolve(false)));
    });
    setHashingBounds({ concurrency: 1, queue: 2 });
    const stranger = (i: number) => verifyPassword(`a:${i}`, "hash", { key: `a:${i}` });
    const strangers = [stranger(1), stranger(2), stranger(3)];
    // The strangers' lane is full: one more is refused, the student's device is not.
    expect(await stranger(4).catch((error: unknown) => error)).toBeInstanceOf(ServiceUnavailable);
    const student = verifyPassword("u:student", "hash", { key: "u:student", trusted: true });
    releases.shift()!();
    await settle();
    expect(started).toEqual(["a:1", "u:student"]);
    while (started.length < 4 || releases.length > 0) {
      releases.shift()?.();
      await settle();
    }
    await Promise.all([...strangers, student]);
    expect(started).toEqual(["a:1", "u:student", "a:2", "a:3"]);
  });
});
