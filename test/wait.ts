import type { Sql } from "postgres";

/**
 * Waiting on an event instead of a fixed sleep: `waitUntil` asks `check` again and again (every
 * `everyMs`) until it returns something truthy, and returns that. Past the deadline it throws,
 * naming what it waited for, so a test fails with a reason instead of hanging or passing early.
 * The deadline is a ceiling for a loaded machine, not a speed target: a quick answer ends the wait.
 */
export async function waitUntil<T>(
  what: string,
  check: () => T | Promise<T>,
  options: { timeoutMs?: number; everyMs?: number } = {},
): Promise<NonNullable<T>> {
  const { timeoutMs = 30_000, everyMs = 20 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() >= deadline) throw new Error(`waited ${timeoutMs} ms for ${what}, in vain`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * A job queue's clock for tests: the jobs of `queue` waiting for a later time (a reminder's
 * moment, a retry's back-off) become due now, so a test need not sit out the wait.
 * Returns how many jobs it moved.
 */
export async function makeJobsDue(sql: Sql, queue: string): Promise<number> {
  const moved = await sql`
    update pgboss.job set start_after = now()
    where name = ${queue} and state in ('created', 'retry') and start_after > now()
    returning id`;
  return moved.length;
}

/** Resolves once no job of `queues` is waiting or running (the mails a request queued have gone). */
export async function settleJobs(sql: Sql, queues: string[], timeoutMs = 20_000): Promise<void> {
  await waitUntil(
    `the jobs of ${queues.join(", ")} to finish`,
    async () => {
      const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from pgboss.job
        where name in ${sql(queues)} and state in ('created', 'retry', 'active')`;
      return row!.n === 0;
    },
    { timeoutMs },
  );
}
