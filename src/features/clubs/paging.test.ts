import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

test("X-Total-Count holds on every page, also past the end (for the /clubs pager)", async () => {
  const owner = await createQuickUser(t, { role: "owner" });
  const tag = `paging${Math.random().toString(36).slice(2, 8)}`;
  for (let i = 0; i < 5; i += 1) {
    const fd = new FormData();
    fd.set("name", `Paged ${i}`);
    fd.set("description", "One of five");
    fd.set("tags", tag);
    const res = await t.request("POST", "/api/clubs", { token: owner.token, multipart: fd });
    expect(res.status).toBe(201);
  }
  const page = async (offset: number) => {
    const res = await t.request("GET", `/api/clubs?tag=${tag}&limit=2&offset=${offset}`);
    expect(res.status).toBe(200);
    return { count: (res.body as unknown[]).length, total: res.headers.get("x-total-count") };
  };
  expect(await page(0)).toEqual({ count: 2, total: "5" });
  expect(await page(4)).toEqual({ count: 1, total: "5" });
  expect(await page(10)).toEqual({ count: 0, total: "5" });
  const none = await t.request("GET", `/api/clubs?tag=${tag}x&offset=10`);
  expect(none.headers.get("x-total-count")).toBe("0");
});
