import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { createTestDatabase } from "../../../test/app-process";
import { connectDatabase } from "../../lib/database/client";
import { feedPageQuery, selectFeedPage } from "./feed-queries";

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

test("after a few pages PostgreSQL runs the feed from a cached generic plan, not planning each call", async () => {
  const seed = postgres(database.url, { max: 1, onnotice: () => {} });
  const app = connectDatabase(database.url, { max: 1 });
  try {
    // Enough posts that a plan for 10% of the table (an unseen LIMIT) costs far more than 21 rows.
    const [club] = await seed<{ id: number }[]>`insert into clubs (name, description)
      values ('Plan club', 'd') returning id`;
    await seed`insert into posts (club_id, title, like_count)
      select ${club!.id}, 'p' || g, g % 50 from generate_series(1, 5000) g`;
    await seed`analyze posts`;
    const page = { viewerId: 1, limit: 21, offset: 0, after: null, connectedOnly: false } as const;
    for (const filter of ["relevant", "newest"] as const) {
      for (let i = 0; i < 12; i++) expect(await selectFeedPage(app.db, { ...page, filter })).toHaveLength(21);
    }
    // pg_prepared_statements is per connection: the pool's only one ran every page above.
    const plans = await app.sql<{ statement: string; generic_plans: number; custom_plans: number }[]>`
      select statement, generic_plans::int, custom_plans::int from pg_prepared_statements
      where statement like '%from "posts"%order by%' and statement not like '%pg_prepared_statements%'`;
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      // PostgreSQL tries five custom plans first, then keeps the generic one.
      expect(plan.generic_plans).toBeGreaterThanOrEqual(6);
      expect(plan.statement).toContain("limit 21");
    }
  } finally {
    await seed.end();
    await app.close();
  }
});
