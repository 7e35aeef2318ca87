import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { users } from "../../../db/schema";
import { createTestDatabase } from "../../../test/app-process";
import { connectDatabase, type Executor } from "./client";
import { createStatementPolicy } from "./repeated-statements";

describe("which statement texts are prepared", () => {
  test("a text is prepared from its third run on, and stays so", () => {
    const policy = createStatementPolicy();
    expect([1, 2, 3, 4].map(() => policy.prepare("select $1"))).toEqual([false, false, true, true]);
    expect(policy.prepare("select $2")).toBe(false);
  });

  test("no more than the limit are prepared; the texts prepared before keep being so", () => {
    const policy = createStatementPolicy({ repeats: 1, limit: 2, counted: 10 });
    expect(["a", "b", "c", "a", "b", "c"].map((text) => policy.prepare(text))).toEqual([
      true,
      true,
      false,
      true,
      true,
      false,
    ]);
    expect(policy.preparedCount()).toBe(2);
  });

  test("texts seen once are forgotten past the count, so one-off texts never fill it", () => {
    const policy = createStatementPolicy({ repeats: 2, limit: 100, counted: 3 });
    policy.prepare("kept");
    for (const text of ["x", "y", "z"]) policy.prepare(text);
    // "kept" was forgotten with the others when the count filled up: it starts again.
    expect(policy.prepare("kept")).toBe(false);
    expect(policy.prepare("kept")).toBe(true);
  });
});

describe("drizzle's repeated statements on the pool", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(() => database?.drop());

  /** The statements prepared on the one connection of the pool, as PostgreSQL lists them. */
  async function preparedTexts(db: Executor): Promise<string[]> {
    const rows = await db.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`);
    return [...rows].map((row) => row.statement);
  }

  test("a query built the same way three times runs as a named prepared statement, in transactions too", async () => {
    const pool = connectDatabase(database.url, { max: 1 });
    try {
      const { db } = pool;
      const find = (executor: Executor, id: number) =>
        executor.select({ id: users.id }).from(users).where(eq(users.id, id));
      for (let id = 1; id <= 3; id++) await find(db, id);
      expect((await preparedTexts(db)).filter((text) => text.includes('from "users"'))).toHaveLength(1);

      // Inside a transaction the client drizzle is given is wrapped too.
      const inTransaction = await db.transaction(async (tx) => {
        const update = (id: number) =>
          tx.update(users).set({ firstName: "Ana" }).where(eq(users.id, id)).returning({ id: users.id });
        for (let id = 1; id <= 3; id++) await update(id);
        return preparedTexts(tx);
      });
      expect(inTransaction.filter((text) => text.startsWith('update "users"'))).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });
});
