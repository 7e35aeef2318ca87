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
