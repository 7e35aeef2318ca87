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

/**
 * A write's NOTICE and its NOTIFY come on two connections, so the NOTIFY is sometimes handled
 * first; and a transaction that touches a key twice sends two NOTICEs but one NOTIFY. Both left
 * the key pending for 2 s after its commit when NOTICEs were counted against NOTIFYs per key.
 */
test("a NOTIFY handled before its NOTICE: the late NOTICE holds nothing", () => {
  let clock = 1_000_000;
  const pending = createPendingKeys(() => clock);
  pending.add(["f"], "101");
  pending.settle(["f"], "101");
  expect(pending.has("f")).toBe(false);
  // The next insert: its NOTIFY first, then its NOTICE.
  pending.settle(["f"], "102");
  pending.add(["f"], "102");
  expect(pending.has("f")).toBe(false);
  clock += 10;
  expect(pending.has("f")).toBe(false);
});

test("two NOTICEs of one transaction and its one NOTIFY: settled", () => {
  const pending = createPendingKeys(() => 5_000);
  pending.add(["f", "c1"], "7");
  pending.add(["f"], "7");
  expect(pending.has("f")).toBe(true);
  pending.settle(["f", "c1"], "7");
  expect(pending.has("f")).toBe(false);
  expect(pending.has("c1")).toBe(false);
});

test("another transaction's NOTIFY does not settle a write still open; its own does", () => {
  const pending = createPendingKeys(() => 5_000);
  pending.add(["f"], "8");
  pending.settle(["f"], "9");
  expect(pending.has("f")).toBe(true);
  pending.settle(["f"], "8");
  expect(pending.has("f")).toBe(false);
});

test("a payload without a transaction id is counted per key, as before", () => {
  const pending = createPendingKeys(() => 5_000);
  pending.add(["y1-2"]);
  pending.add(["y1-2"]);
  pending.settle(["y1-2"]);
  expect(pending.has("y1-2")).toBe(true);
  pending.settle(["y1-2"]);
  expect(pending.has("y1-2")).toBe(false);
});

test("the transactions heard committed are forgotten after their time, even in a process that never writes", () => {
  let clock = 1_000_000;
  const pending = createPendingKeys(() => clock);
  for (let tx = 0; tx < 3_000; tx++) pending.settle(["f"], String(tx));
  clock += 2_000;
  pending.settle(["f"], "late");
  expect(pending.sweeps()).toBeGreaterThanOrEqual(1);
  // A NOTICE of an old transaction id after its memory expired is a new write again.
  pending.add(["f"], "5");
  expect(pending.has("f")).toBe(true);
});
