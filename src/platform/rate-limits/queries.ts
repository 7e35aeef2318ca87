import { and, eq, gt, lt, sql } from "drizzle-orm";
import { rateLimits } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export type CounterHit = {
  /** This window's count, this hit included. */
  count: number;
  previousCount: number;
  windowIndex: number;
  /** The database's clock (seconds since the epoch), so every replica agrees on the window. */
  now: number;
};

/**
 * One atomic statement: counts a hit in the key's current window (window index =
 * floor(now / window)), moving the old count to `previous_count` when a new window starts.
 * Parallel hits on one key queue on the row lock, so each sees its own count.
 */
export async function hitCounter(db: Executor, hit: { key: string; windowSec: number }): Promise<CounterHit> {
  return (await hitCounters(db, [hit])).get(hit.key)!;
}

/**
 * hitCounter for several keys in one statement (one round trip and one connection of the pool,
 * not one each). Keys must be distinct, and are locked in sorted order, so two requests hitting
 * the same keys at once cannot deadlock.
 */
export async function hitCounters(
  db: Executor,
  hits: readonly { key: string; windowSec: number }[],
): Promise<Map<string, CounterHit>> {
  const sorted = [...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = sql.param(sorted.map((hit) => hit.key));
  const windows = sql.param(sorted.map((hit) => hit.windowSec));
  const rows = await db.execute<{
    key: string;
    count: number;
    previous_count: number;
    window_index: string;
    now: number;
  }>(sql`
    insert into rate_limits as r (key, window_index, count, previous_count, expires_at)
    select k.key, w.i, 1, 0, to_timestamp((w.i + 2) * k.window_sec)
    from unnest(${keys}::text[], ${windows}::float8[]) with ordinality as k(key, window_sec, ord)
    cross join lateral (
      select floor(extract(epoch from clock_timestamp()) / k.window_sec)::bigint as i) w
    order by k.ord
    on conflict (key) do update set
      previous_count = case
        when r.window_index = excluded.window_index then r.previous_count
        when r.window_index = excluded.window_index - 1 then r.count
        else 0 end,
      count = case when r.window_index = excluded.window_index then r.count + 1 else 1 end,
      window_index = excluded.window_index,
      expires_at = excluded.expires_at
    returning r.key, r.count, r.previous_count, r.window_index,
      extract(epoch from clock_timestamp())::float8 as now`);
  return new Map(
    rows.map((row) => [
      row.key,
      {
        count: Number(row.count),
        previousCount: Number(row.previous_count),
        windowIndex: Number(row.window_index),
        now: Number(row.now),
      } satisfies CounterHit,
    ]),
  );
}

/** Gives a hit back (a refused request, or a log-in that turned out right) if its window is current. */
export async function refundCounter(
  db: Executor,
  { key, windowIndex }: { key: string; windowIndex: number },
) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowIndex, windowIndex)));
}

/** Whether the key was hit in its current or previous window and has not expired. */
export async function counterIsLive(db: Executor, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, key),
        gt(rateLimits.expiresAt, sql`now()`),
        sql`${rateLimits.count} + ${rateLimits.previousCount} > 0`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Forgets every counter whose key starts with the prefix (a password reset clears failed log-ins). */
export async function deleteCountersWithPrefix(db: Executor, prefix: string) {
  await db.delete(rateLimits).where(sql`starts_with(${rateLimits.key}, ${prefix})`);
}

export async function deleteExpiredCounters(db: Executor) {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expiresAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return rows.length;
}
