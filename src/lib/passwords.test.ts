import { afterEach, beforeEach, describe, expect, mock, spyOn, test } from "bun:test";
import { PRODUCTION_PASSWORD_COST } from "../config";
import { setHashingBounds } from "./hash-slots";
import { hashPassword } from "./passwords";

// The slots are per process: another file's app may have set other bounds before this one runs.
beforeEach(() => setHashingBounds({ concurrency: 4, queue: 32 }));
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
