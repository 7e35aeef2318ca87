import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { club, profiled, send } from "./connection.fixtures";

// Sign-ups hash with argon2; on a loaded 2-core machine the 5 s default is too short.
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

test("received requests narrow to one club with ?club_id=, for its owner and for admins", async () => {
  const owner = await profiled(t, "owner");
  const admin = await profiled(t, "admin");
  const first = await club(t, owner, { name: "Chess" });
  const second = await club(t, owner, { name: "Choir" });
  const a = await profiled(t);
  const b = await profiled(t);
  for (const [u, c] of [
    [a, first],
    [b, first],
    [a, second],
  ] as const) {
    expect((await send(t, u, c)).status).toBe(201);
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
  const stranger = await profiled(t, "owner");
  const none = await t.request("GET", `/api/connection-requests/received?club_id=${first}`, {
    token: stranger.token,
  });
  expect(none.body).toEqual([]);
  const bad = await t.request("GET", "/api/connection-requests/received?club_id=abc", { token: owner.token });
  expect(bad.status).toBe(422);
});
