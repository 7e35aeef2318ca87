import type { Rate } from "../../config";
import type { Database, Executor } from "../../lib/database/client";
import { TooManyRequests } from "../../lib/errors";
import { recordRateLimitRefusal } from "../../lib/metrics";
import {
  type CounterHit,
  counterIsLive,
  deleteExpiredCounters,
  hitCounter,
  hitCounters,
  refundCounter,
} from "./queries";
import { estimateCount, secondsUntilAllowed } from "./sliding-window";

/** Other features forget a subject's counters through this (a reset clears failed log-ins). */
export { deleteCountersWithPrefix } from "./queries";

/**
 * A mark that something happened recently ("signed in from this address"): a counter hit in a
 * long window, alive for one to two windows, forgotten like any counter (deleteCountersWithPrefix).
 */
export async function recordMark(db: Executor, { key, windowSec }: { key: string; windowSec: number }) {
  await hitCounter(db, { key, windowSec });
}

export async function hasMark(db: Executor, key: string): Promise<boolean> {
  return await counterIsLive(db, key);
}

/** One limit to pass: a counter key ("messages:u:42") and its rate. */
export type LimitCheck = { key: string; rate: Rate };
/** A counted hit that may be given back later (see releaseHolds). */
export type Hold = { key: string; windowIndex: number };
export type LimitResult = { ok: true; holds: Hold[] } | { ok: false; retryAfterSec: number; key: string };

/** Expired rows are removed in passing, about once every 200 hits, by whichever replica. */
const CLEANUP_CHANCE = 1 / 200;

/**
 * Counts one hit on every check, all in one atomic statement (one round trip and one of the
 * pool's connections for the request's every limit: with a connection each, a chat send's two
 * limits held two of the pool's ten). Past any limit, every hit of this call is given back (a
 * refused request does not count) and the first exceeded limit's wait is returned.
 */
export async function takeLimits(db: Database, checks: LimitCheck[]): Promise<LimitResult> {
  const hits = await hitEach(db, checks);
  const holds: Hold[] = hits.map((hit, i) => ({ key: checks[i]!.key, windowIndex: hit.windowIndex }));
  const over = checks.findIndex((check, i) => estimateCount(hits[i]!, check.rate) > check.rate.max);
  if (over >= 0) {
    const check = checks[over]!;
    await releaseHolds(db, holds);
    return { ok: false, retryAfterSec: secondsUntilAllowed(hits[over]!, check.rate), key: check.key };
  }
  if (Math.random() < CLEANUP_CHANCE) {
    deleteExpiredCounters(db).catch(() => {
      // Best effort: the next cleanup gets them.
    });
  }
  return { ok: true, holds };
}

/** Each check's hit, in the checks' order; a key named twice is hit twice, as two requests would. */
async function hitEach(db: Database, checks: LimitCheck[]): Promise<CounterHit[]> {
  const keys = new Set(checks.map((check) => check.key));
  if (checks.length === 1 || keys.size < checks.length) {
    const hits: CounterHit[] = [];
    for (const check of checks)
      hits.push(await hitCounter(db, { key: check.key, windowSec: check.rate.windowSec }));
    return hits;
  }
  const byKey = await hitCounters(
    db,
    checks.map((check) => ({ key: check.key, windowSec: check.rate.windowSec })),
  );
  return checks.map((check) => byKey.get(check.key)!);
}

export async function releaseHolds(db: Executor, holds: Hold[]): Promise<void> {
  for (const hold of holds) await refundCounter(db, hold);
}

/** Counts the refusal in the metrics, named for its limit ("messages", "login", …). */
export function reportRefusal(key: string): void {
  recordRateLimitRefusal(key.split(":")[0] ?? "unknown");
}

/** Passes every check or throws 429 with Retry-After and the given detail (read at throw time). */
export async function enforceLimits({
  db,
  checks,
  detail,
}: {
  db: Database;
  checks: LimitCheck[];
  detail: () => string;
}): Promise<Hold[]> {
  const result = await takeLimits(db, checks);
  if (result.ok) return result.holds;
  reportRefusal(result.key);
  throw new TooManyRequests(detail(), result.retryAfterSec);
}
