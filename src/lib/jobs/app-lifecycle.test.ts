import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestDatabase, killAll, startAppProcess, TEST_JWT_SECRET } from "../../../test/app-process";
import { connectDatabase } from "../database/client";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
  // A database that has never seen pg-boss, as a fresh deployment's.
  const { sql, close } = connectDatabase(database.url, { max: 1 });
  await sql`drop schema if exists pgboss cascade`;
  await close();
});

afterAll(async () => {
  await killAll();
  await database.drop();
});

test("two app processes start at once on a fresh database, share one queue schema, and stop cleanly", async () => {
  const env = { NODE_ENV: "test", DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET };
  const [a, b] = await Promise.all([
    startAppProcess({ env, timeoutMs: 60_000 }),
    startAppProcess({ env, timeoutMs: 60_000 }),
  ]);
  const { sql, close } = connectDatabase(database.url, { max: 1 });
  try {
    const rows = await sql`select application_name from pg_stat_activity
      where datname = current_database() and application_name = 'clubnica-jobs'`;
    // Each process holds its own queue connections while it runs.
    expect(rows.length).toBeGreaterThanOrEqual(2);
    a.proc.kill("SIGTERM");
    b.proc.kill("SIGTERM");
    expect(await a.waitForExit(20_000)).toBe(0);
    expect(await b.waitForExit(20_000)).toBe(0);
    // The processes closed their connections before exiting, but a backend leaves
    // pg_stat_activity a moment after its client hangs up (on a loaded machine, after the exit
    // code is read): wait for the server to catch up, within a bound.
    const queueConnections = async () =>
      (
        await sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = 'clubnica-jobs'`
      )[0]?.n;
    let left = await queueConnections();
    for (let i = 0; i < 100 && left !== 0; i++) {
      await Bun.sleep(50);
      left = await queueConnections();
    }
    expect(left).toBe(0);
    const [installed] = await sql`select count(*)::int as n from pgboss.version`;
    expect(installed?.n).toBe(1);
  } finally {
    await close();
  }
}, 120_000);
