import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true, openapi: true });
}, 60_000);
afterAll(() => t.close());

test("/docs documents every posts and comments call", async () => {
  const res = await t.request("GET", "/docs/json");
  expect(res.status).toBe(200);
  const paths = res.body.paths as Record<string, Record<string, { summary?: string }>>;
  const expected: [string, string][] = [
    ["/api/posts/feed", "get"],
    ["/api/posts", "post"],
    ["/api/posts/{id}", "get"],
    ["/api/posts/{id}", "put"],
    ["/api/posts/{id}", "delete"],
    ["/api/posts/{id}/like", "post"],
    ["/api/posts/{id}/favorite", "post"],
    ["/api/posts/{id}/view", "post"],
    ["/api/clubs/{id}/posts", "get"],
    ["/api/clubs/{id}/events", "get"],
    ["/api/posts/{id}/comments", "get"],
    ["/api/posts/{id}/comments", "post"],
    ["/api/admin/comments/{id}", "delete"],
    ["/api/comments/{id}", "delete"],
  ];
  for (const [path, method] of expected) {
    expect(paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
  }
});
