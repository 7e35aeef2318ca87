import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestDatabase } from "../../../test/app-process";
import { waitUntil } from "../../../test/wait";
import { connectDatabase } from "../database/client";
import { createLogger } from "../logger";
import { type JobQueue, startJobQueue } from "./queue";
import { withJobTables } from "./queue.fixtures";

/** The schema pg-boss keeps its tables in (src/lib/jobs/queue.ts). */
const JOBS_SCHEMA = "pgboss";

const logger = createLogger("silent");
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const started: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // Test databases are cloned with pg-boss installed: start from nothing, like a new deployment.
  const { sql, close } = connectDatabase(database.url, { max: 1 });
  await sql`drop schema ${sql(JOBS_SCHEMA)} cascade`;
  await close();
});

afterAll(async () => {
  for (const queue of started) await queue.stop(1000).catch(() => {});
  await database.drop();
});

async function start() {
  const queue = await startJobQueue({ databaseUrl: database.url, logger, pollingIntervalSeconds: 0.5 });
  started.push(queue);
  return queue;
}

describe("job queue (pg-boss on the real database)", () => {
  test("three replicas starting at once install the schema once and share the jobs", async () => {
    const replicas = await Promise.all([start(), start(), start()]);
    const { sql, close } = connectDatabase(database.url, { max: 1 });
    try {
      const [row] =
        await sql`select count(*)::int as n from information_schema.schemata where schema_name = ${JOBS_SCHEMA}`;
      expect(row?.n).toBe(1);
    } finally {
      await close();
    }
    const seen: { replica: number; n: number }[] = [];
    await Promise.all(
      replicas.map((queue, replica) =>
        queue.work<{ n: number }>("test-count", async ({ n }) => {
          seen.push({ replica, n });
        }),
      ),
    );
    for (let n = 0; n < 12; n++) await replicas[n % 3]!.send("test-count", { n });
    await waitUntil("12 jobs run", () => seen.length >= 12, { timeoutMs: 15_000 });
    // Every job is marked done (none can run again), and each ran exactly once, whichever
    // replica fetched it.
    const check = connectDatabase(database.url, { max: 1 });
    try {
      await waitUntil("12 jobs completed", async () => {
        const [row] = await check.sql<{ n: number }[]>`
          select count(*)::int as n from pgboss.job where name = 'test-count' and state = 'completed'`;
        return row!.n === 12;
      });
    } finally {
      await check.close();
    }
    expect(seen.map((s) => s.n).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
  }, 60_000);

  test("a singleton key keeps a second job for the same thing out, and startAfter delays it", async () => {
    const queue = await start();
    await queue.declare("test-delayed", { policy: "short" });
    const first = await queue.send("test-delayed", { v: 1 }, { singletonKey: "k1", startAfter: 2 });
    const second = await queue.send("test-delayed", { v: 2 }, { singletonKey: "k1", startAfter: 2 });
    expect(first).toBeString();
    expect(second).toBeNull();
    const ran: { v: number; at: number }[] = [];
    const sentAt = Date.now();
    await queue.work<{ v: number }>("test-delayed", async ({ v }) => {
      ran.push({ v, at: Date.now() });
    });
    await waitUntil("the delayed job", () => ran.length > 0, { timeoutMs: 15_000 });
    expect(ran.map((r) => r.v)).toEqual([1]);
    expect(ran[0]!.at - sentAt).toBeGreaterThanOrEqual(1500);
  }, 30_000);

  test("a failing job is retried", async () => {
    const queue = await start();
    let attempts = 0;
    await queue.work<{ ok: boolean }>("test-retry", async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("first attempt fails");
    });
    await queue.send("test-retry", { ok: true }, { retryLimit: 2, retryDelay: 0 });
    await waitUntil("the retry", () => attempts >= 2, { timeoutMs: 15_000 });
    expect(attempts).toBe(2);
  }, 30_000);

  test("a schedule is kept once per name however many replicas declare it, and stop is clean", async () => {
    const a = await start();
    const b = await start();
    await Promise.all([
      a.schedule("test-cron", "*/5 * * * *", { x: 1 }),
      b.schedule("test-cron", "*/5 * * * *", { x: 1 }),
    ]);
    const schedules = await withJobTables(database.url, (tables) => tables.getSchedules("test-cron"));
    expect(schedules).toHaveLength(1);
    await b.stop(2000);
    await a.stop(2000);
  }, 30_000);
});
