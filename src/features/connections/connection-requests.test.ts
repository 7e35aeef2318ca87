import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { club, connectionUsers, profiled, send, type User } from "./connection.fixtures";

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

describe("POST /api/connection-requests", () => {
  test("guest 401; unknown club 404; bad club_id 422", async () => {
    const c = await club(t, owner);
    expect((await t.request("POST", `/api/connection-requests?club_id=${c}`)).status).toBe(401);
    const u = await profiled(t);
    const missing = await send(t, u, 999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Club not found");
    expect((await t.request("POST", "/api/connection-requests?club_id=x", { token: u.token })).status).toBe(
      422,
    );
    expect((await t.request("POST", "/api/connection-requests", { token: u.token })).status).toBe(422);
  });

  test("an incomplete profile gets 403 telling them to complete it", async () => {
    const c = await club(t, owner);
    const u = await createQuickUser(t, { profile: false });
    const res = await send(t, u, c);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("Please complete your profile before sending a connection request.");
    await t.sql`update users set first_name = 'A', last_name = 'B' where id = ${u.id}`;
    expect((await send(t, u, c)).status).toBe(403);
    await t.sql`update users set email = ${`${u.username}@x.test`}, last_name = '  ' where id = ${u.id}`;
    expect((await send(t, u, c)).status).toBe(403);
  });

  test("creates the request with club and user; a second one is 409", async () => {
    const c = await club(t, owner, { tags: "Arte" });
    const u = await profiled(t);
    const res = await send(t, u, c);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      club_id: c,
      user_id: u.id,
      club: { id: c, tags: "Arte", member_count: 0 },
      user: {
        id: u.id,
        username: u.username,
        first_name: u.firstName,
        last_name: u.lastName,
        profile_picture_url: null,
      },
    });
    expect(res.body.user).not.toHaveProperty("email");
    expect(typeof res.body.id).toBe("number");
    const again = await send(t, u, c);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("You already sent a request to this club.");
    const detail = await t.request("GET", `/api/clubs/${c}`, { token: u.token });
    expect(detail.body.request_pending).toBe(res.body.id);
  });

  test("members, the owner and closed clubs get 409", async () => {
    const c = await club(t, owner);
    const u = await profiled(t);
    await t.sql`insert into club_members (club_id, user_id) values (${c}, ${u.id})`;
    const member = await send(t, u, c);
    expect(member.status).toBe(409);
    expect(member.body.detail).toBe("You are already a member of this club.");
    expect((await send(t, owner, c)).status).toBe(409);
    const closed = await club(t, owner, { is_open: false });
    const shut = await send(t, u, closed);
    expect(shut.status).toBe(409);
    expect(shut.body.detail).toBe("This club is not accepting new members right now.");
  });
});

describe("request lists", () => {
  test("sent: own requests only; received: owned clubs, all for admin, none for others", async () => {
    const mine = await club(t, owner);
    const theirs = await club(t, otherOwner);
    const u = await profiled(t);
    const v = await profiled(t);
    const r1 = (await send(t, u, mine)).body.id;
    const r2 = (await send(t, u, theirs)).body.id;
    const r3 = (await send(t, v, mine)).body.id;

    const sent = await t.request("GET", "/api/connection-requests/sent", { token: u.token });
    expect(sent.status).toBe(200);
    expect(sent.body.map((r: { id: number }) => r.id).sort()).toEqual([r1, r2].sort());

    const received = await t.request("GET", "/api/connection-requests/received?limit=100", {
      token: owner.token,
    });
    const ids = received.body.map((r: { id: number }) => r.id);
    expect(ids).toContain(r1);
    expect(ids).toContain(r3);
    expect(ids).not.toContain(r2);
    expect(received.body.every((r: { club: { id: number } }) => r.club.id !== theirs)).toBe(true);

    const all = await t.request("GET", "/api/connection-requests/received?limit=100", { token: admin.token });
    const allIds = all.body.map((r: { id: number }) => r.id);
    for (const id of [r1, r2, r3]) expect(allIds).toContain(id);

    const one = await t.request("GET", `/api/connection-requests/received?club_id=${theirs}`, {
      token: admin.token,
    });
    expect(one.body.map((r: { id: number }) => r.id)).toEqual([r2]);
    const notMine = await t.request("GET", `/api/connection-requests/received?club_id=${theirs}`, {
      token: owner.token,
    });
    expect(notMine.body).toEqual([]);
    const none = await t.request("GET", "/api/connection-requests/received", { token: v.token });
    expect(none.body).toEqual([]);
    expect((await t.request("GET", "/api/connection-requests/sent")).status).toBe(401);
    expect((await t.request("GET", "/api/connection-requests/received")).status).toBe(401);

    const paged = await t.request("GET", "/api/connection-requests/sent?limit=1&offset=1", {
      token: u.token,
    });
    expect(paged.body.length).toBe(1);
  });
});
