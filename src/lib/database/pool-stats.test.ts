import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestDatabase } from "../../../test/app-process";
import { connectDatabase, poolStats } from "./client";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.drop());

test("sql.stats() (the postgres.js patch) counts connections in use and queries waiting for one", async () => {
  const pool = connectDatabase(database.url, { max: 1 });
  try {
    await pool.sql`select 1`;
    expect(poolStats(pool.sql)).toMatchObject({ max: 1, busy: 0, waiting: 0 });
    // One connection held by a transaction: the other queries must wait for it. (Queries are
    // lazy in postgres.js; execute() sends them now.)
    const running = pool.sql.begin((tx) => tx`select pg_sleep(0.5)`);
    await Bun.sleep(100);
    const queued = [pool.sql`select pg_sleep(0.1)`.execute(), pool.sql`select pg_sleep(0.1)`.execute()];
    await Bun.sleep(50);
    const during = poolStats(pool.sql);
    expect(during.busy + during.reserved).toBe(1);
    expect(during.waiting).toBeGreaterThanOrEqual(1);
    await Promise.all([running, ...queued]);
    expect(poolStats(pool.sql)).toMatchObject({ busy: 0, reserved: 0, waiting: 0 });
  } finally {
    await pool.close();
  }
});
