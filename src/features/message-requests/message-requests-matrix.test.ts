import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { directRow, dm, roleCast } from "./message-requests.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

type Cast = Awaited<ReturnType<typeof roleCast>>;

/** A stranger writes to every role first (before the ban and mute would stop the tests' set-up). */
async function castWithRequests() {
  const stranger = await createQuickUser(t);
  const cast = await roleCast(t);
  await t.sql`update users set ban_until = null, mute_until = null where id in (${cast.banned.id}, ${cast.muted.id})`;
  for (const who of Object.values(cast)) expect((await dm(t, stranger, who, "hola")).status).toBe(201);
  await t.sql`update users set ban_until = now() + interval '1 day' where id = ${cast.banned.id}`;
  await t.sql`update users set mute_until = now() + interval '1 day' where id = ${cast.muted.id}`;
  return { stranger, cast };
}

const list = (who: QuickUser | null) =>
  t.request("GET", "/api/messages/requests", { token: who?.token ?? null });
const accept = (who: QuickUser | null, senderId: number) =>
  t.request("POST", `/api/messages/requests/${senderId}/accept`, { token: who?.token ?? null });
const remove = (who: QuickUser | null, senderId: number) =>
  t.request("DELETE", `/api/messages/requests/${senderId}`, { token: who?.token ?? null });

describe("role matrix of the message-request calls", () => {
  let stranger: QuickUser;
  let cast: Cast;
  beforeAll(async () => {
    ({ stranger, cast } = await castWithRequests());
  });

  test("GET /api/messages/requests: guest 401, banned 403, everyone else sees only their own", async () => {
    expect((await list(null)).status).toBe(401);
    expect((await list(cast.banned)).status).toBe(403);
    for (const role of ["member", "otherMember", "owner", "admin", "muted"] as const) {
      const res = await list(cast[role]);
      expect({
        role,
        status: res.status,
        senders: res.body.map((r: { user_id: number }) => r.user_id),
      }).toEqual({
        role,
        status: 200,
        senders: [stranger.id],
      });
    }
    expect((await list(stranger)).body).toEqual([]);
  });

  test("accept: guest 401, banned 403; nobody accepts for someone else (404), not even an admin", async () => {
    expect((await accept(null, stranger.id)).status).toBe(401);
    expect((await accept(cast.banned, stranger.id)).status).toBe(403);
    // The stranger has no request from the member, only to them.
    expect((await accept(stranger, cast.member.id)).status).toBe(404);
    for (const role of ["member", "owner", "admin", "muted"] as const) {
      const res = await accept(cast[role], stranger.id);
      expect({ role, status: res.status }).toEqual({ role, status: 204 });
      expect(await directRow(t, cast[role], stranger.id)).toMatchObject({ request: false });
    }
    // The other member's request is still theirs to decide.
    expect(await directRow(t, cast.otherMember, stranger.id)).toMatchObject({ request: true });
  });

  test("delete: guest 401, banned 403, the sender 404; the recipient (muted too) 204", async () => {
    const other = await createQuickUser(t);
    for (const who of [cast.otherMember]) expect((await dm(t, other, who, "hola")).status).toBe(201);
    expect((await remove(null, other.id)).status).toBe(401);
    expect((await remove(cast.banned, stranger.id)).status).toBe(403);
    expect((await remove(other, cast.otherMember.id)).status).toBe(404);
    expect((await remove(cast.admin, other.id)).status).toBe(404);
    expect((await remove(cast.otherMember, other.id)).status).toBe(204);
    expect((await remove(cast.otherMember, stranger.id)).status).toBe(204);
    expect((await list(cast.otherMember)).body).toEqual([]);
  });
});

test("who may send a request: a muted or banned stranger cannot; an owner and an admin can", async () => {
  const cast = await roleCast(t);
  const student = await createQuickUser(t);
  expect((await dm(t, cast.muted, student)).status).toBe(403);
  expect((await dm(t, cast.banned, student)).status).toBe(403);
  expect(
    (await t.request("POST", `/api/messages/user/${student.id}`, { json: { content: "x" } })).status,
  ).toBe(401);
  expect((await dm(t, cast.owner, student)).status).toBe(201);
  expect(await directRow(t, student, cast.owner.id)).toMatchObject({ request: true });
  expect((await dm(t, cast.admin, student)).status).toBe(201);
  expect(await directRow(t, student, cast.admin.id)).toMatchObject({ request: false });
  expect((await dm(t, cast.member, student)).status).toBe(201);
  expect(await directRow(t, student, cast.member.id)).toMatchObject({ request: true });
});
