import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { createTestDatabase } from "../../../test/app-process";
import { waitUntil } from "../../../test/wait";
import { freePort } from "../net";
import { startHangingUpDatabase } from "./dead-socket.fixtures";
import { findUnavailableCode } from "./unavailable";

const isDatabaseUnavailable = (error: unknown) => findUnavailableCode(error) !== null;

/** What a query really threw: the error itself, never a stand-in. */
async function thrownBy(query: PromiseLike<unknown>): Promise<unknown> {
  try {
    await query;
  } catch (error) {
    return error;
  }
  throw new Error("the query did not fail");
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe("lost connections, as drizzle and postgres.js really throw them", () => {
  test("write EPIPE wrapped in a DrizzleQueryError (the audit's 500) is an outage", async () => {
    const hangingUp = await startHangingUpDatabase();
    try {
      const error = await thrownBy(hangingUp.db.execute(sql`insert into user_notices default values`));
      expect(error).toBeInstanceOf(DrizzleQueryError);
      const cause = (error as { cause?: { code?: string; syscall?: string } }).cause;
      expect({ code: cause?.code, syscall: cause?.syscall }).toEqual({ code: "EPIPE", syscall: "write" });
      expect(findUnavailableCode(error)).toBe("EPIPE");
      // Unwrapped too: the driver's own error, as a raw postgres.js query throws it.
      expect(isDatabaseUnavailable(cause)).toBe(true);
    } finally {
      await hangingUp.close();
    }
  });

  test("a refused connection (ECONNREFUSED) is an outage", async () => {
    const client = postgres({ host: "127.0.0.1", port: await freePort(), max: 1, connect_timeout: 5 });
    try {
      const error = await thrownBy(drizzle(client).execute(sql`select 1`));
      expect(error).toBeInstanceOf(DrizzleQueryError);
      expect(findUnavailableCode(error)).toBe("ECONNREFUSED");
    } finally {
      await client.end({ timeout: 0 });
    }
  });

  test("a backend terminated mid-query (as in a fast shutdown) is an outage", async () => {
    const client = postgres(database.url, { max: 1, onnotice: () => {} });
    const killer = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const pending = thrownBy(drizzle(client).execute(sql`select pg_sleep(30) as lost_connection_probe`));
      await waitUntil("the query to be running", async () => {
        const rows = await killer`select pg_terminate_backend(pid) as killed from pg_stat_activity
          where query like '%lost_connection_probe%' and pid <> pg_backend_pid()`;
        return rows.length > 0;
      });
      const error = await pending;
      expect(error).toBeInstanceOf(DrizzleQueryError);
      // The server's 57P01, or the patched driver's CONNECTION_CLOSED when the socket closes first.
      expect(["57P01", "CONNECTION_CLOSED"]).toContain(findUnavailableCode(error) ?? "none");
    } finally {
      await client.end({ timeout: 0 });
      await killer.end({ timeout: 1 });
    }
  });

  test("a pool ended under a running query (CONNECTION_ENDED) is an outage", async () => {
    const client = postgres(database.url, { max: 1, onnotice: () => {} });
    await client`select 1`;
    const pending = thrownBy(drizzle(client).execute(sql`select pg_sleep(30)`));
    await client.end({ timeout: 0 });
    const error = await pending;
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect(["CONNECTION_ENDED", "CONNECTION_DESTROYED"]).toContain(findUnavailableCode(error) ?? "none");
  });

  test("a real query mistake (syntax, unique violation) is no outage", async () => {
    const client = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const error = await thrownBy(drizzle(client).execute(sql`selec 1`));
      expect(error).toBeInstanceOf(DrizzleQueryError);
      expect(isDatabaseUnavailable(error)).toBe(false);
    } finally {
      await client.end({ timeout: 1 });
    }
  });
});

describe("the classifier's table", () => {
  const wrapped = (code: string) =>
    new DrizzleQueryError("select 1", [], Object.assign(new Error(code), { code }));
  test.each([
    ["EPIPE", true],
    ["ECONNRESET", true],
    ["ECONNREFUSED", true],
    ["CONNECTION_CLOSED", true],
    ["CONNECTION_ENDED", true],
    ["CONNECTION_DESTROYED", true],
    ["CONNECT_TIMEOUT", true],
    ["57P01", true],
    ["57P02", true],
    ["57P03", true],
    ["08000", true],
    ["08001", true],
    ["08003", true],
    ["08004", true],
    ["08006", true],
    ["08P01", true],
    ["23505", false],
    ["42601", false],
    ["40001", false],
    ["57014", false],
  ])("%s wrapped by drizzle: outage %p", (code, outage) => {
    expect(isDatabaseUnavailable(wrapped(code))).toBe(outage);
    expect(isDatabaseUnavailable(Object.assign(new Error(code), { code }))).toBe(outage);
  });

  test("nested twice, inside an AggregateError, or in a cycle", () => {
    const epipe = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
    expect(isDatabaseUnavailable(new Error("outer", { cause: new Error("mid", { cause: epipe }) }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new AggregateError([new Error("x"), epipe]))).toBe(true);
    const cyclic: Error & { cause?: unknown } = new Error("self");
    cyclic.cause = cyclic;
    expect(isDatabaseUnavailable(cyclic)).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("EPIPE")).toBe(false);
  });
});
