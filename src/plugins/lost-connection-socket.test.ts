import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { Elysia } from "elysia";
import pino from "pino";
import { callFrom } from "../../test/socket-client";
import { startHangingUpDatabase } from "../lib/database/dead-socket.fixtures";
import { createErrorHandler } from "./error-handler";
import { createRequestLog } from "./request-log";

/**
 * The audit's 500: during a PostgreSQL restart a club message's notice insert failed with
 * `write EPIPE`, wrapped by drizzle in a DrizzleQueryError. Here a route makes that insert
 * against a server that hangs up (a real EPIPE from postgres.js, wrapped by drizzle), and the
 * answer is read over a real socket: 503 with Retry-After and the catalogue's detail.
 */
let hangingUp: Awaited<ReturnType<typeof startHangingUpDatabase>>;
let baseUrl: string;
const lines: Record<string, unknown>[] = [];
let stopApp: () => Promise<unknown>;

beforeAll(async () => {
  hangingUp = await startHangingUpDatabase();
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = new Elysia()
    .use(createRequestLog(logger))
    .use(createErrorHandler(logger))
    .post("/api/clubs/1/messages", async () => {
      await hangingUp.db.execute(sql`insert into user_notices (user_id, kind) values (1, 'club_message')`);
      return { ok: true };
    });
  app.listen({ port: 0, hostname: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${app.server?.port}`;
  stopApp = () => app.stop(true);
});
afterAll(async () => {
  await stopApp();
  await hangingUp.close();
});

describe("a lost database connection over a real socket", () => {
  test("a write EPIPE wrapped in a DrizzleQueryError is a 503 with Retry-After and a detail, not a 500", async () => {
    const res = await callFrom(baseUrl, "POST", "/api/clubs/1/messages", {
      from: "127.0.0.2",
      json: { content: "hola" },
      headers: { "x-request-id": "epipe-1" },
    });
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.body).toEqual({
      detail: "The service is briefly unavailable. Try again in a few seconds.",
      request_id: "epipe-1",
    });
    expect(lines.filter((l) => l.msg === "unhandled error")).toEqual([]);
    expect(lines.find((l) => l.msg === "database unavailable")?.code).toBe("EPIPE");
  });
});
