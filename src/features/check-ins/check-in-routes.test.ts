import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { checkInWorld } from "./check-in.fixtures";

setDefaultTimeout(60_000);

/**
 * The check-in calls over HTTP, for each role (guest, member, non-member, owner, admin), with
 * an event starting now (the real clock: the service tests control time, these the wiring).
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof checkInWorld>>;
beforeAll(async () => {
  t = await setupTestApp();
  w = await checkInWorld(t, new Date());
}, 60_000);
afterAll(() => t.close());

const as = (user: QuickUser | null) => (user ? { token: user.token } : {});

describe("role matrix", () => {
  test("GET check-in-code: owner and admin only", async () => {
    const path = `/api/posts/${w.eventId}/check-in-code`;
    expect((await t.request("GET", path)).status).toBe(401);
    for (const who of [w.member, w.outsider]) {
      const res = await t.request("GET", path, as(who));
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe("Only this club's owner or an admin can take attendance.");
    }
    for (const who of [w.owner, w.admin]) {
      const res = await t.request("GET", path, as(who));
      expect(res.status).toBe(200);
      expect(res.body.code).toMatch(/^\d{6}$/);
    }
    expect((await t.request("GET", "/api/posts/999999/check-in-code", as(w.owner))).status).toBe(404);
  });

  test("POST check-ins: a member with the code; guest 401, non-member 403, bad code 422", async () => {
    const code = (await t.request("GET", `/api/posts/${w.eventId}/check-in-code`, as(w.owner))).body.code;
    const path = `/api/posts/${w.eventId}/check-ins`;
    expect((await t.request("POST", path, { json: { code } })).status).toBe(401);
    // Neither an outsider nor the owner (not a member of their own club) checks in with a code.
    for (const who of [w.outsider, w.owner])
      expect((await t.request("POST", path, { ...as(who), json: { code } })).status).toBe(403);
    const badFormat = await t.request("POST", path, { ...as(w.member), json: { code: "12ab" } });
    expect(badFormat.status).toBe(422);
    expect(JSON.stringify(badFormat.body.detail)).toContain("Enter the 6-digit code.");
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    const ok = await t.request("POST", path, { ...as(w.member), json: { code: spaced } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ post_id: w.eventId, user_id: w.member.id });
    // Again: 200 with the check-in already there.
    const again = await t.request("POST", path, { ...as(w.member), json: { code } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(ok.body);
    // Spanish detail from the catalogue.
    const es = await t.request("POST", path, {
      ...as(w.outsider),
      json: { code },
      headers: { "accept-language": "es" },
    });
    expect(es.body.detail).toBe(
      "Solo los miembros de este club, o quienes dijeron que asistirán, pueden registrar su asistencia.",
    );
  });

  test("POST check-ins/manual: owner and admin add a member by hand; others 403", async () => {
    const path = `/api/posts/${w.eventId}/check-ins/manual`;
    const extra = await t.sql<{ id: number }[]>`
      insert into users (username, password_hash, role, first_name, last_name)
      values (${`hand${Date.now()}`}, 'x', 'member', 'José', 'Pérez') returning id`;
    const personId = extra[0]!.id;
    await t.sql`insert into club_members (club_id, user_id) values (${w.clubId}, ${personId})`;
    expect((await t.request("POST", path, { json: { user_id: personId } })).status).toBe(401);
    for (const who of [w.member, w.outsider])
      expect((await t.request("POST", path, { ...as(who), json: { user_id: personId } })).status).toBe(403);
    const notMember = await t.request("POST", path, { ...as(w.owner), json: { user_id: w.outsider.id } });
    expect(notMember.status).toBe(422);
    const ok = await t.request("POST", path, { ...as(w.admin), json: { user_id: personId } });
    expect(ok.status).toBe(201);
    expect((await t.request("POST", path, { ...as(w.owner), json: { user_id: personId } })).status).toBe(409);
  });

  test("GET check-ins: the owner's list with 304 when unchanged; others refused", async () => {
    const path = `/api/posts/${w.eventId}/check-ins`;
    expect((await t.request("GET", path)).status).toBe(401);
    for (const who of [w.member, w.outsider])
      expect((await t.request("GET", path, as(who))).status).toBe(403);
    const first = await t.request("GET", path, as(w.owner));
    expect(first.status).toBe(200);
    expect(first.body.checked_in.map((p: { id: number }) => p.id)).toContain(w.member.id);
    expect(first.body.not_checked_in.map((p: { id: number }) => p.id)).not.toContain(w.member.id);
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const same = await t.request("GET", path, { ...as(w.owner), headers: { "if-none-match": etag } });
    expect(same.status).toBe(304);
    const newcomer = await t.sql<{ id: number }[]>`
      insert into users (username, password_hash, role) values (${`new${Date.now()}`}, 'x', 'member') returning id`;
    await t.sql`insert into club_members (club_id, user_id) values (${w.clubId}, ${newcomer[0]!.id})`;
    await t.request("POST", `/api/posts/${w.eventId}/check-ins/manual`, {
      ...as(w.owner),
      json: { user_id: newcomer[0]!.id },
    });
    const changed = await t.request("GET", path, { ...as(w.owner), headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect((await t.request("GET", path, as(w.admin))).status).toBe(200);
  });
});
