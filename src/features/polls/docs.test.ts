import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

test("/docs documents every poll call with its errors", async () => {
  const res = await t.request("GET", "/docs/json");
  const paths = res.body.paths as Record<
    string,
    Record<string, { summary?: string; responses?: Record<string, unknown> }>
  >;
  const expected: [string, string, string[]][] = [
    ["/api/clubs/{id}/polls", "post", ["201", "401", "403", "404", "422", "429"]],
    ["/api/polls/{id}", "get", ["200", "404", "422"]],
    ["/api/polls/{id}/vote", "put", ["200", "401", "403", "404", "409", "422", "429"]],
    ["/api/polls/{id}/vote", "delete", ["200", "401", "403", "404", "409", "429"]],
    ["/api/polls/{id}/voters", "get", ["200", "401", "403", "404"]],
    ["/api/polls/{id}/close", "post", ["200", "401", "403", "404"]],
  ];
  for (const [path, method, statuses] of expected) {
    const op = paths[path]?.[method];
    expect(op?.summary, `${method} ${path}`).toBeTruthy();
    for (const status of statuses)
      expect(op?.responses?.[status], `${method} ${path} ${status}`).toBeTruthy();
  }
});
