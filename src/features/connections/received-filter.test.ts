import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";

// Sign-ups hash with argon2; on a loaded 2-core machine the 5 s default is too short.
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

async function profiled(role: "member" | "owner" | "admin" = "member") {
  const u = await t.createUser({ role });
  await t.sql`update users set first_name = 'Ana', last_name = 'López', email = ${`${u.username}@example.test`} where id = ${u.id}`;
  return u;
}

async function club(token: string, name: string): Promise<number> {
  const form = new FormData();
  form.set("name", name);
  form.set("description", "A club");
  const res = await t.request("POST", "/api/clubs", { token, multipart: form });
  expect(res.status).toBe(201);
  return res.body.id;
}

test("received requests narrow to one club with ?club_id=, for its owner and for admins", async () => {
  const owner = await profiled("owner");
  const admin = await profiled("admin");
  const first = await club(owner.token, "Chess");
  const second = await club(owner.token, "Choir");
  const a = await profiled();
  const b = await profiled();
  for (const [u, c] of [
    [a, first],
    [b, first],
    [a, second],
  ] as const) {
    const res = await t.request("POST", `/api/connection-requests?club_id=${c}`, { token: u.token });
    expect(res.status).toBeLessThan(300);
  }

  const all = await t.request("GET", "/api/connection-requests/received?limit=100", { token: owner.token });
  expect(all.body).toHaveLength(3);
  const one = await t.request("GET", `/api/connection-requests/received?club_id=${first}`, {
    token: owner.token,
  });
  expect(one.status).toBe(200);
  expect(one.body.map((r: { club_id: number }) => r.club_id)).toEqual([first, first]);
  const asAdmin = await t.request("GET", `/api/connection-requests/received?club_id=${second}`, {
    token: admin.token,
  });
  expect(asAdmin.body.map((r: { user_id: number }) => r.user_id)).toEqual([a.id]);

  // Someone else's club stays invisible to a non-admin, filter or not.
  const stranger = await profiled("owner");
  const none = await t.request("GET", `/api/connection-requests/received?club_id=${first}`, {
    token: stranger.token,
  });
  expect(none.body).toEqual([]);
  const bad = await t.request("GET", "/api/connection-requests/received?club_id=abc", { token: owner.token });
  expect(bad.status).toBe(422);
});
