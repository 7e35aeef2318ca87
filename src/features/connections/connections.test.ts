import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createQuickUser, type QuickUser } from "../clubs/test-users";

// Sign-ups hash with argon2; on a loaded 2-core machine the 5 s default is too short.
setDefaultTimeout(60_000);

let t: TestApp;
type User = QuickUser;

beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

async function profiled(role: "member" | "owner" | "admin" = "member"): Promise<User> {
  return await createQuickUser(t, { role });
}

async function manyProfiled(n: number): Promise<User[]> {
  const out: User[] = [];
  for (let i = 0; i < n; i++) out.push(await profiled());
  return out;
}

async function club(owner: User, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.request("POST", "/api/clubs", {
    token: owner.token,
    json: { name: `Club ${Math.random().toString(36).slice(2, 8)}`, description: "d", ...extra },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.id;
}

async function send(user: User, clubId: number) {
  return await t.request("POST", `/api/connection-requests?club_id=${clubId}`, { token: user.token });
}

async function counts(clubId: number) {
  const [row] = await t.sql`
    select member_count, (select count(*)::int from club_members where club_id = c.id) as real
    from clubs c where id = ${clubId}`;
  return { stored: row!.member_count as number, real: row!.real as number };
}

let admin: User;
let owner: User;
let otherOwner: User;
beforeAll(async () => {
  admin = await profiled("admin");
  owner = await profiled("owner");
  otherOwner = await profiled("owner");
}, 60_000);

describe("POST /api/connection-requests", () => {
  test("guest 401; unknown club 404; bad club_id 422", async () => {
    const c = await club(owner);
    expect((await t.request("POST", `/api/connection-requests?club_id=${c}`)).status).toBe(401);
    const u = await profiled();
    const missing = await send(u, 999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Club not found");
    expect((await t.request("POST", "/api/connection-requests?club_id=x", { token: u.token })).status).toBe(
      422,
    );
    expect((await t.request("POST", "/api/connection-requests", { token: u.token })).status).toBe(422);
  });

  test("an incomplete profile gets 403 telling them to complete it", async () => {
    const c = await club(owner);
    const u = await createQuickUser(t, { profile: false });
    const res = await send(u, c);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("Please complete your profile before sending a connection request.");
    await t.sql`update users set first_name = 'A', last_name = 'B' where id = ${u.id}`;
    expect((await send(u, c)).status).toBe(403);
    await t.sql`update users set email = ${`${u.username}@x.test`}, last_name = '  ' where id = ${u.id}`;
    expect((await send(u, c)).status).toBe(403);
  });

  test("creates the request with club and user; a second one is 409", async () => {
    const c = await club(owner, { tags: "Arte" });
    const u = await profiled();
    const res = await send(u, c);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      club_id: c,
      user_id: u.id,
      club: { id: c, tags: "Arte", member_count: 0 },
      user: {
        id: u.id,
        username: u.username,
        first_name: "Ana",
        last_name: "López",
        profile_picture_url: null,
      },
    });
    expect(res.body.user).not.toHaveProperty("email");
    expect(typeof res.body.id).toBe("number");
    const again = await send(u, c);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("You already sent a request to this club.");
    const detail = await t.request("GET", `/api/clubs/${c}`, { token: u.token });
    expect(detail.body.request_pending).toBe(res.body.id);
  });

  test("members, the owner and closed clubs get 409", async () => {
    const c = await club(owner);
    const u = await profiled();
    await t.sql`insert into club_members (club_id, user_id) values (${c}, ${u.id})`;
    const member = await send(u, c);
    expect(member.status).toBe(409);
    expect(member.body.detail).toBe("You are already a member of this club.");
    expect((await send(owner, c)).status).toBe(409);
    const closed = await club(owner, { is_open: false });
    const shut = await send(u, closed);
    expect(shut.status).toBe(409);
    expect(shut.body.detail).toBe("This club is not accepting new members right now.");
  });
});

describe("request lists", () => {
  test("sent: own requests only; received: owned clubs, all for admin, none for others", async () => {
    const mine = await club(owner);
    const theirs = await club(otherOwner);
    const u = await profiled();
    const v = await profiled();
    const r1 = (await send(u, mine)).body.id;
    const r2 = (await send(u, theirs)).body.id;
    const r3 = (await send(v, mine)).body.id;

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

describe("accept and decline", () => {
  test("accept: permissions, membership, count, notice, request removed", async () => {
    const c = await club(owner);
    const u = await profiled();
    const bystander = await profiled();
    const id = (await send(u, c)).body.id;
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
    expect(await counts(c)).toEqual({ stored: 1, real: 1 });
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
    const c = await club(otherOwner);
    const u = await profiled();
    const id = (await send(u, c)).body.id;
    expect(
      (await t.request("POST", `/api/connection-requests/${id}/accept`, { token: admin.token })).status,
    ).toBe(200);
    expect(await counts(c)).toEqual({ stored: 1, real: 1 });
  });

  test("decline by owner or admin leaves a notice; withdraw by sender does not; others 403", async () => {
    const c = await club(owner);
    const u = await profiled();
    const v = await profiled();
    const w = await profiled();
    const r1 = (await send(u, c)).body.id;
    const r2 = (await send(v, c)).body.id;
    const r3 = (await send(w, c)).body.id;
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
    expect(await counts(c)).toEqual({ stored: 0, real: 0 });
    expect((await t.request("DELETE", `/api/connection-requests/${r3}`, { token: w.token })).status).toBe(
      404,
    );
    // Declined users may ask again.
    expect((await send(u, c)).status).toBe(201);
  });
});

describe("my connections and leaving", () => {
  test("clubs for a member; clubs and members for an owner; last messages", async () => {
    const c = await club(owner, { name: "AAA Conexiones" });
    const u = await profiled();
    const id = (await send(u, c)).body.id;
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
      first_name: "Ana",
      last_name: "López",
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
    const c = await club(owner);
    const u = await profiled();
    const v = await profiled();
    for (const x of [u, v]) {
      const id = (await send(x, c)).body.id;
      await t.request("POST", `/api/connection-requests/${id}/accept`, { token: owner.token });
    }
    expect(await counts(c)).toEqual({ stored: 2, real: 2 });
    expect((await t.request("DELETE", `/api/connections/${c}`)).status).toBe(401);
    const left = await t.request("DELETE", `/api/connections/${c}`, { token: u.token });
    expect(left.status).toBe(200);
    expect(await counts(c)).toEqual({ stored: 1, real: 1 });
    const again = await t.request("DELETE", `/api/connections/${c}`, { token: u.token });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe("You are not a member of this club.");
    expect((await t.request("DELETE", `/api/clubs/${c}/membership`, { token: v.token })).status).toBe(200);
    expect(await counts(c)).toEqual({ stored: 0, real: 0 });
    const gone = await t.request("DELETE", "/api/clubs/999999/membership", { token: v.token });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe("Club not found");
    // After leaving, joining again works.
    expect((await send(u, c)).status).toBe(201);
  });

  test("owner or admin removes a member with ?user_id=; others 403", async () => {
    const c = await club(owner);
    const [u, v, w] = [await profiled(), await profiled(), await profiled()];
    for (const x of [u, v, w]) {
      const id = (await send(x, c)).body.id;
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
    expect(await counts(c)).toEqual({ stored: 0, real: 0 });
  });
});

describe("member_count under concurrency", () => {
  test("20 requests accepted in parallel, then 20 leaves in parallel", async () => {
    const c = await club(owner);
    const users = await manyProfiled(20);
    const ids = await Promise.all(users.map(async (u) => (await send(u, c)).body.id as number));
    const results = await Promise.all(
      ids.map((id, i) =>
        t.request("POST", `/api/connection-requests/${id}/accept`, {
          token: i % 2 ? owner.token : admin.token,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await counts(c)).toEqual({ stored: 20, real: 20 });

    const leaves = await Promise.all(
      users.map((u, i) =>
        i % 2
          ? t.request("DELETE", `/api/clubs/${c}/membership`, { token: u.token })
          : t.request("DELETE", `/api/connections/${c}`, { token: u.token }),
      ),
    );
    expect(leaves.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await counts(c)).toEqual({ stored: 0, real: 0 });
  }, 30_000);

  test("the same request accepted twice at once counts once; double leave counts once", async () => {
    const c = await club(owner);
    const u = await profiled();
    const id = (await send(u, c)).body.id;
    const both = await Promise.all(
      [owner, admin, owner].map((x) =>
        t.request("POST", `/api/connection-requests/${id}/accept`, { token: x.token }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 404, 404]);
    expect(await counts(c)).toEqual({ stored: 1, real: 1 });
    const leaves = await Promise.all(
      [1, 2, 3].map(() => t.request("DELETE", `/api/clubs/${c}/membership`, { token: u.token })),
    );
    expect(leaves.map((r) => r.status).sort()).toEqual([200, 404, 404]);
    expect(await counts(c)).toEqual({ stored: 0, real: 0 });
  });

  test("joins and leaves interleaved keep the count exact", async () => {
    const c = await club(owner);
    const stay = await manyProfiled(10);
    const go = await manyProfiled(10);
    for (const u of go) await t.sql`insert into club_members (club_id, user_id) values (${c}, ${u.id})`;
    await t.sql`update clubs set member_count = 10 where id = ${c}`;
    const ids = await Promise.all(stay.map(async (u) => (await send(u, c)).body.id as number));
    await Promise.all([
      ...ids.map((id) => t.request("POST", `/api/connection-requests/${id}/accept`, { token: owner.token })),
      ...go.map((u) => t.request("DELETE", `/api/clubs/${c}/membership`, { token: u.token })),
    ]);
    expect(await counts(c)).toEqual({ stored: 10, real: 10 });
  }, 30_000);
});
