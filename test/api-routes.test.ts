import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { setupTestApp, type TestApp } from "./harness";

/**
 * The route table in docs/api.md names every call in the API document (`/docs/json`), so a
 * newcomer who reads it finds each one: a new route without its row fails here.
 */
setDefaultTimeout(60_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

test("every documented API call has a row in the route table of docs/api.md", async () => {
  const table = readFileSync(`${import.meta.dir}/../docs/api.md`, "utf8");
  const doc = (await t.request("GET", "/docs/json")).body as {
    paths: Record<string, Record<string, unknown>>;
  };
  const calls = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `| ${method.toUpperCase()} | \`${path}\``),
  );
  expect(calls.length).toBeGreaterThan(50);
  expect(calls.filter((row) => !table.includes(row))).toEqual([]);
});
