import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import pino from "pino";
import { z } from "zod";
import { waitUntil } from "../../test/wait";
import { Conflict, NotFound, TooManyRequests } from "../lib/errors";
import { createErrorHandler } from "./error-handler";
import { createRequestLog } from "./request-log";

function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

function appWith(logger: pino.Logger) {
  return new Elysia()
    .use(createRequestLog(logger))
    .use(createErrorHandler(logger))
    .get("/boom", () => {
      throw new Error("secret internals at /srv/app.ts:42");
    })
    .get("/missing", () => {
      throw new NotFound("Club not found");
    })
    .get("/taken", () => {
      throw new Conflict("Already there");
    })
    .get("/slow-down", () => {
      throw new TooManyRequests("Too many", 30);
    })
    .get("/db-down", () => {
      throw new Error("Failed query", { cause: Object.assign(new Error("terminating"), { code: "57P01" }) });
    })
    .post("/typed", ({ body }) => body, { body: z.object({ name: z.string().min(1, "Name is required.") }) });
}

const call = (app: ReturnType<typeof appWith>, path: string, init?: RequestInit) =>
  app.handle(new Request(`http://localhost${path}`, init));

describe("error handler and request log", () => {
  test("an unexpected error is a bare 500 with the request id, logged with that id, no stack to the client", async () => {
    const { logger, lines } = captureLogger();
    const res = await call(appWith(logger), "/boom", { headers: { "x-request-id": "req-123" } });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ detail: "Internal server error", request_id: "req-123" });
    expect(JSON.stringify(body)).not.toContain("internals");
    // The access line is written once the response is out: after the error line, if any.
    await waitUntil("the access line", () => lines.some((l) => l.msg === "request"));
    const logged = lines.find((l) => l.msg === "unhandled error");
    expect(logged?.request_id).toBe("req-123");
  });

  test("a database that is shutting down or unreachable is a 503 with Retry-After, not a 500", async () => {
    const { logger, lines } = captureLogger();
    const res = await call(appWith(logger), "/db-down", { headers: { "x-request-id": "db-1" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({
      detail: "The service is briefly unavailable. Try again in a few seconds.",
      request_id: "db-1",
    });
    await waitUntil("the access line", () => lines.some((l) => l.msg === "request"));
    expect(lines.some((l) => l.msg === "unhandled error")).toBe(false);
  });

  test("domain errors keep their status, detail and headers", async () => {
    const { logger } = captureLogger();
    const app = appWith(logger);
    const missing = await call(app, "/missing");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: "Club not found" });
    expect((await call(app, "/taken")).status).toBe(409);
    const slow = await call(app, "/slow-down");
    expect(slow.status).toBe(429);
    expect(slow.headers.get("retry-after")).toBe("30");
  });

  test("validation failures are 422 with a { loc, msg } list", async () => {
    const { logger } = captureLogger();
    const res = await call(appWith(logger), "/typed", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "" }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: [{ loc: ["body", "name"], msg: "Name is required." }] });
  });

  test("one JSON log line per request with method, path, status, duration and request id", async () => {
    const { logger, lines } = captureLogger();
    await call(appWith(logger), "/missing", { headers: { "x-request-id": "abc" } });
    const line = await waitUntil("the access line", () => lines.find((l) => l.msg === "request"));
    expect(line).toMatchObject({ method: "GET", path: "/missing", status: 404, request_id: "abc" });
    expect(typeof line?.duration_ms).toBe("number");
  });
});
