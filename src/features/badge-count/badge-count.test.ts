import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";

// Signing up users hashes passwords (argon2id); leave room for a busy machine.
setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

async function badge(token: string): Promise<number> {
  const res = await t.request("GET", "/api/notifications", { token });
  expect(res.status).toBe(200);
  expect(typeof res.body).toBe("number");
  return res.body;
}

describe("GET /api/notifications", () => {
  test("is a plain number; needs a token", async () => {
    const u = await t.createUser();
    const res = await t.request("GET", "/api/notifications", { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toBe(0);
    expect((await t.request("GET", "/api/notifications")).status).toBe(401);
  });

  test("counts unread direct and club messages and drops back to zero once opened", async () => {
    const me = await t.createUser();
    const ana = await t.createUser();
    const ben = await t.createUser();
    const clubId = await insertClub(t, null);
    const otherClub = await insertClub(t, null);
    await addMember(t, clubId, me.id);
    await addMember(t, clubId, ana.id);
    await addMember(t, otherClub, ana.id);

    await send(t, ana.token, `/api/messages/user/${me.id}`, "hola");
    await send(t, ben.token, `/api/messages/user/${me.id}`, "hey");
    await send(t, ben.token, `/api/messages/user/${me.id}`, "hey again");
    expect(await badge(me.token)).toBe(3);
    await send(t, ana.token, `/api/messages/club/${clubId}`, "club news");
    await send(t, ana.token, `/api/messages/club/${otherClub}`, "not my club");
    await send(t, me.token, `/api/messages/user/${ana.id}`, "my own message");
    expect(await badge(me.token)).toBe(4);
    expect(await badge(ana.token)).toBe(1);

    await t.request("GET", `/api/messages/user/${ben.id}`, { token: me.token });
    expect(await badge(me.token)).toBe(1 + 1);
    await t.request("GET", `/api/messages/user/${ana.id}`, { token: me.token });
    await t.request("GET", `/api/messages/club/${clubId}`, { token: me.token });
    expect(await badge(me.token)).toBe(0);
  });

  test("an owner counts requests to their clubs, not their club chat; an admin counts every request", async () => {
    const owner = await t.createUser({ role: "owner" });
    const member = await t.createUser();
    const applicant = await t.createUser();
    const admin = await t.createUser({ role: "admin" });
    const before = await badge(admin.token);
    const clubId = await insertClub(t, owner.id);
    const foreignClub = await insertClub(t, null);
    await addMember(t, clubId, member.id);
    await addMember(t, clubId, owner.id);
    await send(t, member.token, `/api/messages/club/${clubId}`, "the owner does not see this");
    expect(await badge(owner.token)).toBe(0);

    await t.sql`insert into connection_requests (club_id, user_id) values (${clubId}, ${applicant.id})`;
    await t.sql`insert into connection_requests (club_id, user_id) values (${foreignClub}, ${applicant.id})`;
    expect(await badge(owner.token)).toBe(1);
    expect(await badge(applicant.token)).toBe(0);
    expect(await badge(admin.token)).toBe(before + 2);

    await t.sql`delete from connection_requests where club_id = ${clubId} and user_id = ${applicant.id}`;
    expect(await badge(owner.token)).toBe(0);
  });

  test("unseen notices count until POST /api/notifications/seen", async () => {
    const u = await t.createUser();
    const clubId = await insertClub(t, null, "Club de Lectura");
    await t.sql`insert into user_notices (user_id, kind, club_id) values (${u.id}, 'request_accepted', ${clubId})`;
    await t.sql`insert into user_notices (user_id, kind, club_id) values (${u.id}, 'request_declined', ${clubId})`;
    expect(await badge(u.token)).toBe(2);

    const list = await t.request("GET", "/api/notifications/notices", { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body.map((n: { kind: string; seen: boolean }) => [n.kind, n.seen])).toEqual([
      ["request_declined", false],
      ["request_accepted", false],
    ]);
    expect(list.body[0].club_name).toBe("Club de Lectura");
    expect(await badge(u.token)).toBe(2);

    const seen = await t.request("POST", "/api/notifications/seen", { token: u.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toBe(0);
    expect(await badge(u.token)).toBe(0);
    const after = await t.request("GET", "/api/notifications/notices?limit=1", { token: u.token });
    expect(after.body).toHaveLength(1);
    expect(after.body[0].seen).toBe(true);
  });

  test("a conversation contributes at most 100 unread messages", async () => {
    const me = await t.createUser();
    const ana = await t.createUser();
    await send(t, ana.token, `/api/messages/user/${me.id}`, "first");
    await t.sql`
      insert into messages (sender_id, recipient_id, user_low, user_high, content)
      select ${ana.id}, ${me.id}, ${Math.min(me.id, ana.id)}, ${Math.max(me.id, ana.id)}, 'bulk ' || g
      from generate_series(1, 150) g`;
    expect(await badge(me.token)).toBe(100);
  });
});
