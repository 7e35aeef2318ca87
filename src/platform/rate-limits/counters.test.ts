import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { deleteExpiredCounters } from "./queries";
import { takeLimits } from "./service";
import { estimateCount, secondsUntilAllowed } from "./sliding-window";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const key = () => `test:${Math.random().toString(36).slice(2)}`;

describe("rate-limit counters in PostgreSQL", () => {
  test("100 parallel hits on a limit of 7 let exactly 7 through", async () => {
    const k = key();
    const rate = { max: 7, windowSec: 3600 };
    const results = await Promise.all(
      Array.from({ length: 100 }, () => takeLimits(t.db, [{ key: k, rate }])),
    );
    expect(results.filter((r) => r.ok).length).toBe(7);
    // Refused hits are given back: the counter holds the 7 that passed.
    const [row] = await t.sql`select count from rate_limits where key = ${k}`;
    expect(row?.count).toBe(7);
  });

  test("two limits in one statement: 100 requests at once, their keys in either order: each counted once, the refused given back", async () => {
    const [account, address] = [key(), key()];
    const rates = { account: { max: 30, windowSec: 3600 }, address: { max: 1000, windowSec: 60 } };
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const checks = [
          { key: account, rate: rates.account },
          { key: address, rate: rates.address },
        ];
        return takeLimits(t.db, i % 2 === 0 ? checks : checks.reverse());
      }),
    );
    expect(results.filter((r) => r.ok).length).toBe(30);
    const rows = await t.sql<{ key: string; count: number }[]>`select key, count from rate_limits
      where key in (${account}, ${address}) order by key = ${account} desc`;
    // The 70 refused gave both hits back.
    expect(rows.map((row) => row.count)).toEqual([30, 30]);
  });

  test("a key named twice in one call is hit twice, as two requests would be", async () => {
    const k = key();
    const rate = { max: 5, windowSec: 3600 };
    const result = await takeLimits(t.db, [
      { key: k, rate },
      { key: k, rate },
    ]);
    expect(result.ok).toBe(true);
    const [row] = await t.sql`select count from rate_limits where key = ${k}`;
    expect(row?.count).toBe(2);
  });

  test("the previous window still weighs in, in proportion to its overlap", () => {
    const rate = { max: 10, windowSec: 100 };
    // A quarter into window 5, with 8 in window 4 and 3 so far in window 5.
    const hit = { count: 3, previousCount: 8, windowIndex: 5, now: 525 };
    expect(estimateCount(hit, rate)).toBe(9);
    // Over the limit: 12 now, 4 before; the next hit passes once 4 * (1 - f) + 12 fits, which is
    // in the next window, when the 11 others weigh 11 * (1 - f) + 1 <= 10.
    const full = { count: 12, previousCount: 4, windowIndex: 5, now: 525 };
    const wait = secondsUntilAllowed(full, rate);
    expect(wait).toBeCloseTo(600 + (1 - 9 / 11) * 100 - 525, 5);
  });

  test("a second check past its limit gives back the first check's hit", async () => {
    const [first, second] = [key(), key()];
    const roomy = { max: 100, windowSec: 3600 };
    const tight = { max: 1, windowSec: 3600 };
    expect((await takeLimits(t.db, [{ key: second, rate: tight }])).ok).toBe(true);
    const refused = await takeLimits(t.db, [
      { key: first, rate: roomy },
      { key: second, rate: tight },
    ]);
    expect(refused.ok).toBe(false);
    const [row] = await t.sql`select count from rate_limits where key = ${first}`;
    expect(row?.count).toBe(0);
  });

  test("expired rows are deleted, live ones kept", async () => {
    const [old, live] = [key(), key()];
    await takeLimits(t.db, [{ key: old, rate: { max: 5, windowSec: 60 } }]);
    await takeLimits(t.db, [{ key: live, rate: { max: 5, windowSec: 60 } }]);
    await t.sql`update rate_limits set expires_at = now() - interval '1 second' where key = ${old}`;
    expect(await deleteExpiredCounters(t.db)).toBeGreaterThanOrEqual(1);
    const keys = (await t.sql`select key from rate_limits where key in (${old}, ${live})`).map((r) => r.key);
    expect(keys).toEqual([live]);
  });
});
