import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestDatabase } from "../../../test/app-process";
import { waitUntil } from "../../../test/wait";
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
    // The transaction stays open until the test lets it go: no timing decides what is counted.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let began = false;
    const running = pool.sql.begin(async (tx) => {
      await tx`select 1`;
      began = true;
      await released;
    });
    await waitUntil("the transaction to hold the connection", () => began);
    const queued = [pool.sql`select 1`.execute(), pool.sql`select 1`.execute()];
    const during = await waitUntil("two queries waiting", () => {
      const stats = poolStats(pool.sql);
      return stats.waiting >= 2 ? stats : null;
    });
    expect(during.busy + during.reserved).toBe(1);
    release();
    await Promise.all([running, ...queued]);
    expect(poolStats(pool.sql)).toMatchObject({ busy: 0, reserved: 0, waiting: 0 });
  } finally {
    await pool.close();
  }
});
