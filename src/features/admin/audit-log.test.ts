import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { sql } from "drizzle-orm";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const audit = (token: string, query: string) => t.request("GET", `/api/admin/audit${query}`, { token });

test("the audit log filters by action, actor and target, pages with a total, and lists its actions", async () => {
  const ana = await t.createUser({ role: "admin" });
  const ben = await t.createUser({ role: "admin" });
  const u = await t.createUser();
  const v = await t.createUser();
  await t.request("PATCH", `/api/admin/users/${u.id}/mute?mute=true&days=1`, { token: ana.token });
  await t.request("PATCH", `/api/admin/users/${u.id}/mute?mute=false`, { token: ana.token });
  await t.request("PATCH", `/api/admin/users/${v.id}/mute?mute=true&days=1`, { token: ben.token });
  await t.request("PATCH", `/api/admin/users/${v.id}/ban?ban=true&hours=1`, { token: ben.token });

  const byActor = await audit(ana.token, `?actor=${ana.username.toUpperCase()}`);
  expect(byActor.body.map((e: any) => e.action)).toEqual(["user.unmute", "user.mute"]);
  expect(byActor.headers.get("x-total-count")).toBe("2");

  const byTarget = await audit(ana.token, `?target_type=user&target_id=${v.id}`);
  expect(byTarget.body.map((e: any) => [e.action, e.actor_username])).toEqual([
    ["user.ban", ben.username],
    ["user.mute", ben.username],
  ]);
  const combined = await audit(ana.token, `?action=user.mute&actor=${ben.username}&target_id=${v.id}`);
  expect(combined.body).toHaveLength(1);
  expect((await audit(ana.token, `?action=user.ban&actor=${ana.username}`)).body).toEqual([]);

  const page1 = await audit(ana.token, "?limit=3&offset=0");
  const page2 = await audit(ana.token, "?limit=3&offset=3");
  expect(page1.headers.get("x-total-count")).toBe("4");
  expect(page1.body).toHaveLength(3);
  expect(page2.body).toHaveLength(1);
  expect(page2.body[0].action).toBe("user.mute");

  const bad = await audit(ana.token, "?target_id=abc");
  expect(bad.status).toBe(422);

  const actions = await t.request("GET", "/api/admin/audit/actions", { token: ana.token });
  expect(actions.body).toEqual(["user.ban", "user.mute", "user.unmute"]);
  expect((await t.request("GET", "/api/admin/audit/actions", { token: u.token })).status).toBe(403);
  expect((await t.request("GET", "/api/admin/audit/actions")).status).toBe(401);
});

test("entries carry the admin's and the person's or club's names, for sentences on the screen", async () => {
  const ana = await t.createUser({ role: "admin" });
  const jorge = await t.createUser();
  await t.db.execute(sql`update users set first_name = 'Jorge', last_name = 'Pérez' where id = ${jorge.id}`);
  await t.db.execute(sql`update users set first_name = 'Ana', last_name = 'López' where id = ${ana.id}`);
  await t.request("PATCH", `/api/admin/users/${jorge.id}/ban?ban=true&days=1`, { token: ana.token });
  const [ban] = (await audit(ana.token, `?target_type=user&target_id=${jorge.id}`)).body;
  expect(ban).toMatchObject({
    action: "user.ban",
    actor_name: "Ana López",
    target_name: "Jorge Pérez",
    details: { days: 1, hours: 0, minutes: 0 },
  });
});
