import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { createTestDatabase } from "../../../test/app-process";
import { connectDatabase } from "../../lib/database/client";
import { feedPageQuery } from "./feed-queries";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.drop());

// Parallel plans made free, so the planner picks one wherever it may (the tables here are tiny).
const FREE_PARALLELISM = [
  "set parallel_setup_cost = 0",
  "set parallel_tuple_cost = 0",
  "set min_parallel_table_scan_size = 0",
  "set min_parallel_index_scan_size = 0",
];

async function feedPlan(sql: postgres.Sql, db: ReturnType<typeof connectDatabase>["db"]) {
  const query = feedPageQuery(db, {
    viewerId: 1,
    filter: "relevant",
    limit: 21,
    offset: 0,
    after: null,
    connectedOnly: false,
  }).toSQL();
  return await sql.begin(async (tx) => {
    for (const statement of FREE_PARALLELISM) await tx.unsafe(statement);
    const rows = await tx.unsafe(`explain (format json) ${query.sql}`, query.params as never[]);
    return JSON.stringify(rows);
  });
}

test("the app's connections never start parallel workers (a generic plan of the feed did, per page)", async () => {
  const app = connectDatabase(database.url, { max: 1 });
  const plain = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    const [setting] = await app.sql`show max_parallel_workers_per_gather`;
    expect(setting).toEqual({ max_parallel_workers_per_gather: "0" });
    // The control: the same statement on a connection with PostgreSQL's defaults is parallel.
    expect(await feedPlan(plain, app.db)).toContain("Gather");
    expect(await feedPlan(app.sql, app.db)).not.toContain("Gather");
  } finally {
    await plain.end();
    await app.close();
  }
});
