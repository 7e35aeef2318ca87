import { afterEach, describe, expect, mock, spyOn, test } from "bun:test";
import { PRODUCTION_PASSWORD_COST } from "../config";
import { ServiceUnavailable } from "./errors";
import { hashPassword, setHashingBounds, verifyPassword } from "./passwords";

afterEach(() => mock.restore());

describe("hashPassword", () => {
  test("never runs more than four hashes at once, even when a call arrives while a slot is handed over", async () => {
    let active = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    spyOn(Bun.password, "hash").mockImplementation(() => {
      active++;
      peak = Math.max(peak, active);
      return new Promise<string>((resolve) =>
        releases.push(() => {
          active--;
          resolve("hash");
        }),
      );
    });
    const calls = Array.from({ length: 5 }, () => hashPassword("secret", PRODUCTION_PASSWORD_COST));
    await Promise.resolve();
    expect(active).toBe(4);
    releases.shift()!();
    // New callers arrive on each of the following microtasks, one of them while the freed slot
    // is on its way to the waiting call.
    for (let i = 0; i < 20; i++) {
      await Promise.resolve();
      calls.push(hashPassword("secret", PRODUCTION_PASSWORD_COST));
    }
    while (releases.length > 0 || active > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await Promise.all(calls)).toHaveLength(25);
    expect(peak).toBe(4);
  });
});

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
      const track = (key: string) => verifyPassword("pw", "hash", key).then(() => order.push(key));
      // One running and four waiting from the flood, then the student's log-in.
      const calls = [...Array.from({ length: 5 }, () => track("a:flood")), track("a:student")];
      // A fifth waiting from the flood is past its share of the queue (a quarter: 4).
      const refused = await verifyPassword("pw", "hash", "a:flood").catch((error: unknown) => error);
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
      const call = (key: string) => verifyPassword(key, "hash", key);
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
