import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { createTestDatabase } from "../../../test/app-process";

/**
 * patches/postgres@3.4.9.patch: a query on a connection whose backend was terminated must
 * reject with CONNECTION_CLOSED (catchable), never throw from the driver's write timer (which
 * ends the process, porsager/postgres#1208) nor hang. Without the patch this file crashes.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** Settles within 5 s with "ok", the error code, or "hang". */
function settle(query: PromiseLike<unknown>): Promise<string> {
  return Promise.race([
    Promise.resolve(query).then(
      () => "ok",
      (error: { code?: string }) => error.code ?? "error",
    ),
    Bun.sleep(5000).then(() => "hang"),
  ]);
}

describe("postgres.js write after the connection closed", () => {
  test("a transaction whose backend died: later queries in it reject, the transaction rejects, the pool recovers", async () => {
    const sql = postgres(database.url, { max: 2, onnotice: () => {} });
    const killer = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const inside: string[] = [];
      const transaction = sql.begin(async (tx) => {
        const [row] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
        await killer`select pg_terminate_backend(${row?.pid ?? 0})`;
        // The first query learns that the connection is gone; the next ones are written to a
        // connection without a socket, which threw from the driver's write timer before the patch.
        for (let i = 0; i < 3; i++) inside.push(await settle(tx`select 1`));
        throw new Error("rolled back");
      });
      expect(await settle(transaction)).not.toBe("hang");
      expect(inside).not.toContain("hang");
      expect(inside).not.toContain("ok");
      const [after] = await sql<{ one: number }[]>`select 1 as one`;
      expect(after?.one).toBe(1);
    } finally {
      await sql.end({ timeout: 1 });
      await killer.end({ timeout: 1 });
    }
  });
});

/**
 * The same patch: sql.begin() reserves its connection whenever BEGIN was written
 * (porsager/postgres#1189). The reservation came last in a chain that stopped when the connection
 * could take no more queries, so a BEGIN pipelined onto a busy connection at its limit ran
 * unreserved and failed with UNSAFE_TRANSACTION (seen at 100 chat sends a second once the app's
 * repeated statements were prepared and pipelined: repeated-statements.ts).
 */
/** postgres.js's `max_pipeline` option (queries in flight per connection), missing from its types. */
const maxPipeline = (queries: number) => ({ max_pipeline: queries }) as unknown as Record<string, never>;

describe("postgres.js transactions on a pipelining pool", () => {
  test("BEGIN on a connection that takes no more queries is still reserved", async () => {
    // With no room in any pipeline, every BEGIN is the query that fills it (#1210).
    const sql = postgres(database.url, { max: 2, onnotice: () => {}, ...maxPipeline(0) });
    try {
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) => settle(sql.begin((tx) => tx`select ${i}::int as i`))),
      );
      expect(results).toEqual(["ok", "ok", "ok", "ok"]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  test("transactions and prepared queries at once keep each transaction on its own connection", async () => {
    const sql = postgres(database.url, { max: 3, onnotice: () => {}, ...maxPipeline(2) });
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          i % 3 === 0
            ? settle(
                sql.begin(async (tx) => {
                  const [first] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
                  const [second] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid, ${i}::int`;
                  if (first?.pid !== second?.pid) throw Object.assign(new Error("moved"), { code: "MOVED" });
                }),
              )
            : settle(sql`select ${i}::int as i, pg_sleep(0.001)`),
        ),
      );
      expect(outcomes.filter((outcome) => outcome !== "ok")).toEqual([]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
