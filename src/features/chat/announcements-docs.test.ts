import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

test("/docs documents both Avisos calls with their errors", async () => {
  const res = await t.request("GET", "/docs/json");
  const paths = res.body.paths as Record<
    string,
    Record<string, { summary?: string; description?: string; responses?: Record<string, unknown> }>
  >;
  const expected: [string, string[]][] = [
    ["get", ["200", "304", "401", "403", "404", "422"]],
    ["post", ["200", "201", "401", "403", "404", "422", "429"]],
  ];
  for (const [method, statuses] of expected) {
    const op = paths["/api/messages/club/{id}/announcements"]?.[method];
    expect(op?.summary, method).toBeTruthy();
    expect(op?.description, method).toContain("Avisos");
    for (const status of statuses) expect(op?.responses?.[status], `${method} ${status}`).toBeTruthy();
  }
});

test("/docs documents who has read an aviso, with its errors", async () => {
  const res = await t.request("GET", "/docs/json");
  const op = res.body.paths["/api/messages/club/{id}/announcements/reads"]?.get;
  expect(op?.summary).toBeTruthy();
  expect(op?.description).toContain("read_receipts");
  for (const status of ["200", "401", "403", "404", "422"])
    expect(op?.responses?.[status], status).toBeTruthy();
});
