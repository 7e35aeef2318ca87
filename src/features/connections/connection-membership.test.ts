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

describe("my connections and leaving", () => {
  test("clubs for a member; clubs and members for an owner; last messages", async () => {
    const c = await club(t, owner, { name: "AAA Conexiones" });
    const u = await profiled(t);
    const id = (await send(t, u, c)).body.id;
    await t.request("POST", `/api/connection-requests/${id}/accept`, { token: owner.token });
    await t.sql`insert into messages (sender_id, club_id, content) values (${u.id}, ${c}, 'hola club')`;
    const low = Math.min(u.id, owner.id);
    const high = Math.max(u.id, owner.id);
    await t.sql`insert into messages (sender_id, recipient_id, user_low, user_high, content)
      values (${owner.id}, ${u.id}, ${low}, ${high}, 'hola miembro')`;

    const mine = await t.request("GET", "/api/my-connections", { token: u.token });
    expect(mine.status).toBe(200);
    expect(mine.body.members).toEqual([]);
    expect(mine.body.clubs).toHaveLength(1);
    expect(mine.body.clubs[0]).toMatchObject({
      id: c,
      name: "AAA Conexiones",
      is_owner: false,
      member_count: 1,
      last_message_content: "hola club",
    });
    expect(typeof mine.body.clubs[0].last_message_at).toBe("string");

    const theirs = await t.request("GET", "/api/my-connections", { token: owner.token });
    const owned = theirs.body.clubs.find((x: { id: number }) => x.id === c);
    expect(owned.is_owner).toBe(true);
    // Owners do not see their club's chat (spec section 6).
    expect(owned.last_message_content).toBeNull();
    expect(theirs.body.members).toContainEqual({
      id: u.id,
      username: u.username,
      first_name: u.firstName,
      last_name: u.lastName,
      profile_picture_url: null,
      club_id: c,
      club_name: "AAA Conexiones",
      last_message_content: "hola miembro",
      last_message_at: expect.any(String),
    });
    const other = await t.request("GET", "/api/my-connections", { token: otherOwner.token });
    expect(other.body.members.find((x: { club_id: number }) => x.club_id === c)).toBeUndefined();
    expect((await t.request("GET", "/api/my-connections")).status).toBe(401);
  });

  test("leave through /api/connections/{club id} and /api/clubs/{id}/membership", async () => {
    const c = await club(t, owner);
    const u = await profiled(t);
    const v = await profiled(t);
    for (const x of [u, v]) {
      const id = (await send(t, x, c)).body.id;
      await t.request("POST", `/api/connection-requests/${id}/accept`, { token: owner.token });
    }
    expect(await counts(t, c)).toEqual({ stored: 2, real: 2 });
    expect((await t.request("DELETE", `/api/connections/${c}`)).status).toBe(401);
    const left = await t.request("DELETE", `/api/connections/${c}`, { token: u.token });
    expect(left.status).toBe(200);
    expect(await counts(t, c)).toEqual({ stored: 1, real: 1 });
    const again = await t.request("DELETE", `/api/connections/${c}`, { token: u.token });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe("You are not a member of this club.");
    expect((await t.request("DELETE", `/api/clubs/${c}/membership`, { token: v.token })).status).toBe(200);
    expect(await counts(t, c)).toEqual({ stored: 0, real: 0 });
    const gone = await t.request("DELETE", "/api/clubs/999999/membership", { token: v.token });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe("Club not found");
    // After leaving, joining again works.
    expect((await send(t, u, c)).status).toBe(201);
  });

  test("owner or admin removes a member with ?user_id=; others 403", async () => {
    const c = await club(t, owner);
    const [u, v, w] = [await profiled(t), await profiled(t), await profiled(t)];
    for (const x of [u, v, w]) {
      const id = (await send(t, x, c)).body.id;
      await t.request("POST", `/api/connection-requests/${id}/accept`, { token: owner.token });
    }
    const byMember = await t.request("DELETE", `/api/connections/${c}?user_id=${u.id}`, { token: v.token });
    expect(byMember.status).toBe(403);
    expect(byMember.body.detail).toBe("Only this club's owner or an admin can remove its members.");
    expect(
      (await t.request("DELETE", `/api/connections/${c}?user_id=${u.id}`, { token: otherOwner.token }))
        .status,
    ).toBe(403);
    expect(
      (await t.request("DELETE", `/api/connections/${c}?user_id=${u.id}`, { token: owner.token })).status,
    ).toBe(200);
    expect(
      (await t.request("DELETE", `/api/connections/${c}?user_id=${v.id}`, { token: admin.token })).status,
    ).toBe(200);
    const notMember = await t.request("DELETE", `/api/connections/${c}?user_id=${u.id}`, {
      token: owner.token,
    });
    expect(notMember.status).toBe(404);
    expect(notMember.body.detail).toBe("This user is not a member of this club.");
    // A member naming themselves simply leaves.
    expect(
      (await t.request("DELETE", `/api/connections/${c}?user_id=${w.id}`, { token: w.token })).status,
    ).toBe(200);
    expect(await counts(t, c)).toEqual({ stored: 0, real: 0 });
  });
});
