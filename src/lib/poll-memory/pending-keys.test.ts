import { expect, test } from "bun:test";
import { createPendingKeys } from "./pending-keys";

/**
 * More keys than the sweep's threshold can be pending at once for good: a live delivery's read
 * marks of a 2,000-member club arrive as NOTICEs of 360 keys each before their NOTIFYs. A sweep
 * on every NOTICE then walked thousands of live keys for nothing (8.5 % of the app's CPU in
 * scripts/bench/live.ts at 10,000 sockets); now at most one sweep per half second, and a
 * rolled-back write's keys still go once they have expired.
 */
test("a crowd of pending keys is swept at most every half second, and expired keys still go", () => {
  let clock = 1_000_000;
  const pending = createPendingKeys(() => clock);
  const chunk = (n: number) => Array.from({ length: 360 }, (_, i) => `p${n * 360 + i}`);
  for (let n = 0; n < 100; n++) pending.add(chunk(n));
  // 36,000 keys pending, all still within their 2 s: before, every add past 1,000 swept them all.
  expect(pending.sweeps()).toBeLessThanOrEqual(1);

  // Past their time (a write that never committed): the next NOTICE after the interval sweeps them.
  clock += 2_000;
  pending.add(["p-new"]);
  expect(pending.sweeps()).toBeLessThanOrEqual(2);
  expect(pending.has("p0")).toBe(false);
  expect(pending.has("p-new")).toBe(true);
});
