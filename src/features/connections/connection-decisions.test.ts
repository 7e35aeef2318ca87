import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { club, connectionUsers, counts, profiled, send, type User } from "./connection.fixtures";

// Sign-ups hash with argon2; on a loaded 2-core machine the 5 s default is too short.
setDefaultTimeout(60_000);

let t: TestApp;
let admin: User;
let owner: User;
let otherOwner: User;
beforeAll(async () => {
  t = await setupTestApp();
  ({ admin, owner, otherOwner } = await connectionUsers(t));
}, 60_000);
afterAll(() => t.close());

describe("accept and decline", () => {
  test("accept: permissions, membership, count, notice, request removed", async () => {
    const c = await club(t, owner);
    const u = await profiled(t);
    const bystander = await profiled(t);
    const id = (await send(t, u, c)).body.id;
    const path = `/api/connection-requests/${id}/accept`;
    expect((await t.request("POST", path)).status).toBe(401);
    for (const who of [u, bystander, otherOwner]) {
      const res = await t.request("POST", path, { token: who.token });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe("Only this club's owner or an admin can answer this request.");
    }
    const ok = await t.request("POST", path, { token: owner.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, club_id: c, user_id: u.id });
    expect(await counts(t, c)).toEqual({ stored: 1, real: 1 });
    const notices = await t.sql`select kind, club_id from user_notices where user_id = ${u.id}`;
    expect(notices).toEqual([{ kind: "request_accepted", club_id: c }] as any);
    expect((await t.request("POST", path, { token: owner.token })).status).toBe(404);
    const received = await t.request("GET", "/api/connection-requests/received?limit=100", {
      token: owner.token,
    });
    expect(received.body.map((r: { id: number }) => r.id)).not.toContain(id);
    const detail = await t.request("GET", `/api/clubs/${c}`, { token: u.token });
    expect(detail.body).toMatchObject({ is_member: true, request_pending: null, member_count: 1 });
    expect(detail.body.members.map((x: { id: number }) => x.id)).toEqual([u.id]);
  });

  test("an admin accepts requests to any club", async () => {
    const c = await club(t, otherOwner);
    const u = await profiled(t);
    const id = (await send(t, u, c)).body.id;
    expect(
      (await t.request("POST", `/api/connection-requests/${id}/accept`, { token: admin.token })).status,
    ).toBe(200);
    expect(await counts(t, c)).toEqual({ stored: 1, real: 1 });
  });

  test("decline by owner or admin leaves a notice; withdraw by sender does not; others 403", async () => {
    const c = await club(t, owner);
    const u = await profiled(t);
    const v = await profiled(t);
    const w = await profiled(t);
    const r1 = (await send(t, u, c)).body.id;
    const r2 = (await send(t, v, c)).body.id;
    const r3 = (await send(t, w, c)).body.id;
    expect((await t.request("DELETE", `/api/connection-requests/${r1}`)).status).toBe(401);
    expect((await t.request("DELETE", `/api/connection-requests/${r1}`, { token: v.token })).status).toBe(
      403,
    );
    expect(
      (await t.request("DELETE", `/api/connection-requests/${r1}`, { token: otherOwner.token })).status,
    ).toBe(403);
    const declined = await t.request("DELETE", `/api/connection-requests/${r1}`, { token: owner.token });
    expect(declined.body).toEqual({ ok: true, withdrawn: false });
    const byAdmin = await t.request("DELETE", `/api/connection-requests/${r2}`, { token: admin.token });
    expect(byAdmin.body).toEqual({ ok: true, withdrawn: false });
    const withdrawn = await t.request("DELETE", `/api/connection-requests/${r3}`, { token: w.token });
    expect(withdrawn.body).toEqual({ ok: true, withdrawn: true });
    expect((await t.sql`select kind from user_notices where user_id = ${u.id}`).map((r) => r.kind)).toEqual([
      "request_declined",
    ]);
    expect((await t.sql`select 1 from user_notices where user_id = ${v.id}`).length).toBe(1);
    expect((await t.sql`select 1 from user_notices where user_id = ${w.id}`).length).toBe(0);
    expect(await counts(t, c)).toEqual({ stored: 0, real: 0 });
    expect((await t.request("DELETE", `/api/connection-requests/${r3}`, { token: w.token })).status).toBe(
      404,
    );
    // Declined users may ask again.
    expect((await send(t, u, c)).status).toBe(201);
  });
});
