import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

describe("health", () => {
  test("/healthz answers while the process is alive", async () => {
    const res = await t.request("GET", "/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  test("/readyz is 200 when migrated and 503 while shutting down", async () => {
    expect((await t.request("GET", "/readyz")).status).toBe(200);
    t.deps.lifecycle.accepting = false;
    const res = await t.request("GET", "/readyz");
    t.deps.lifecycle.accepting = true;
    expect(res.status).toBe(503);
  });

  test("unknown /api path is a JSON 404", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await t.request(method, "/api/does-not-exist");
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Not found" });
    }
  });
});

describe("security headers", () => {
  test("every response carries the baseline protections, Response results included", async () => {
    for (const path of ["/healthz", "/api/does-not-exist"]) {
      const res = await t.request("GET", path);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});
