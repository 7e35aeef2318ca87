import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { type LiveClient, signedInLive } from "../live/live.fixtures";
import { addMember, insertClub, send } from "./chat.fixtures";

/**
 * Issue 48, read state: "Seen" in a direct chat, "Seen by N" in a club chat, the opt-out that
 * hides it both ways, and the live `read` frame over a real socket.
 */
setDefaultTimeout(30_000);

let t: TestApp;
let base: string;
const sockets: LiveClient[] = [];
beforeAll(async () => {
  t = await setupTestApp();
  base = t.listen();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

type User = Awaited<ReturnType<TestApp["createUser"]>>;

async function sharedClub(...people: User[]) {
  const clubId = await insertClub(t, null);
  for (const person of people) await addMember(t, clubId, person.id);
  return clubId;
}

/** `writer`'s socket following the club's chat, and their message there as it arrived live. */
async function writerFollowing(writer: User, clubId: number, content: string) {
  const live = await signedInLive(base, writer.token);
  sockets.push(live);
  live.send({ type: "subscribe", conversation: `club:${clubId}` });
  await live.next("subscribed");
  const sent = await send(t, writer.token, `/api/messages/club/${clubId}`, content);
  await live.next("message", (frame) => frame.message.id === sent.body.id);
  return { live, sent };
}

const reads = (user: User, path: string) => t.request("GET", path, { token: user.token });
const optOut = (user: User) =>
  t.request("PUT", "/api/users/me/notification-settings", {
    token: user.token,
    json: { read_receipts: false },
  });

describe("a direct chat", () => {
  test("Sent until the other person opens it, then Seen with the time", async () => {
    const ana = await t.createUser();
    const ben = await t.createUser();
    await sharedClub(ana, ben);
    const sent = await send(t, ana.token, `/api/messages/user/${ben.id}`, "¿Vamos?");
    expect(sent.status).toBe(201);
    const before = await reads(ana, `/api/messages/user/${ben.id}/reads`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ read_receipts: true, last_read_id: null, read_at: null });

    expect((await reads(ben, `/api/messages/user/${ana.id}`)).status).toBe(200);
    const after = await reads(ana, `/api/messages/user/${ben.id}/reads`);
    expect(after.body.read_receipts).toBe(true);
    expect(after.body.last_read_id).toBe(sent.body.id);
    expect(Date.parse(after.body.read_at)).toBeGreaterThan(0);
  });

  test("turned off by either person, it is hidden both ways", async () => {
    const ana = await t.createUser();
    const ben = await t.createUser();
    await sharedClub(ana, ben);
    await send(t, ana.token, `/api/messages/user/${ben.id}`, "hola");
    await send(t, ben.token, `/api/messages/user/${ana.id}`, "hola");
    await reads(ana, `/api/messages/user/${ben.id}`);
    await reads(ben, `/api/messages/user/${ana.id}`);
    expect((await reads(ana, `/api/messages/user/${ben.id}/reads`)).body.read_receipts).toBe(true);

    expect((await optOut(ben)).status).toBe(200);
    // Ben's reading is not shared…
    expect((await reads(ana, `/api/messages/user/${ben.id}/reads`)).body).toEqual({
      read_receipts: false,
      last_read_id: null,
      read_at: null,
    });
    // …and he sees nobody's.
    expect((await reads(ben, `/api/messages/user/${ana.id}/reads`)).body.read_receipts).toBe(false);
  });

  test("a message request's sender is never told; bad ids are refused", async () => {
    const ana = await t.createUser();
    const stranger = await t.createUser();
    const sent = await send(t, stranger.token, `/api/messages/user/${ana.id}`, "hola, ¿te conozco?");
    expect(sent.status).toBe(201);
    await reads(ana, `/api/messages/user/${stranger.id}`);
    expect((await reads(stranger, `/api/messages/user/${ana.id}/reads`)).body.read_receipts).toBe(false);

    expect((await reads(ana, `/api/messages/user/${ana.id}/reads`)).status).toBe(422);
    const missing = await reads(ana, "/api/messages/user/999999/reads");
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toMatch(/\S/);
  });
});

describe("a club chat", () => {
  test("Seen by the members who read up to the message, by name, not its sender", async () => {
    const ana = await t.createUser();
    const ben = await t.createUser();
    const cai = await t.createUser();
    const quiet = await t.createUser();
    const clubId = await sharedClub(ana, ben, cai, quiet);
    await t.sql`update users set first_name = 'Ben', last_name = 'Ruiz' where id = ${ben.id}`;
    const sent = await send(t, ana.token, `/api/messages/club/${clubId}`, "La reunión se movió al jueves");
    const path = `/api/messages/club/${clubId}/reads?message_id=${sent.body.id}`;
    expect((await reads(ana, path)).body).toEqual({ read_receipts: true, count: 0, readers: [] });

    await reads(ben, `/api/messages/club/${clubId}`);
    await reads(quiet, `/api/messages/club/${clubId}`);
    await optOut(quiet);
    const seen = await reads(ana, path);
    expect(seen.body).toEqual({
      read_receipts: true,
      count: 1,
      readers: [{ user_id: ben.id, username: ben.username, display_name: "Ben Ruiz", picture_url: null }],
    });
    // The one who turned receipts off sees nobody's.
    expect((await reads(quiet, path)).body).toEqual({ read_receipts: false, count: 0, readers: [] });
  });

  test("names=false: the same count without the names, by the same rules", async () => {
    const ana = await t.createUser();
    const ben = await t.createUser();
    const cai = await t.createUser();
    const quiet = await t.createUser();
    const blocked = await t.createUser();
    const clubId = await sharedClub(ana, ben, cai, quiet, blocked);
    const sent = await send(t, ana.token, `/api/messages/club/${clubId}`, "¿Quién viene el sábado?");
    for (const reader of [ben, cai, quiet, blocked]) await reads(reader, `/api/messages/club/${clubId}`);
    await optOut(quiet);
    expect((await t.request("PUT", `/api/blocks/${ana.id}`, { token: blocked.token })).status).toBe(204);
    const path = `/api/messages/club/${clubId}/reads?message_id=${sent.body.id}`;
    const named = await reads(ana, path);
    expect(named.body.count).toBe(2);
    expect(named.body.readers.map((r: { user_id: number }) => r.user_id).sort()).toEqual(
      [ben.id, cai.id].sort(),
    );
    const counted = await reads(ana, `${path}&names=false`);
    expect(counted.body).toEqual({ read_receipts: true, count: 2, readers: [] });
    expect((await reads(ana, `${path}&names=true`)).body).toEqual(named.body);
    expect((await reads(quiet, `${path}&names=false`)).body).toEqual({
      read_receipts: false,
      count: 0,
      readers: [],
    });
    const bad = await reads(ana, `${path}&names=nope`);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toContain("names is true or false.");
  });

  test("members and admins only; the message must be in this chat; message_id required", async () => {
    const ana = await t.createUser();
    const outsider = await t.createUser();
    const clubId = await sharedClub(ana);
    const otherClub = await sharedClub(ana);
    const sent = await send(t, ana.token, `/api/messages/club/${otherClub}`, "en otro club");
    const refused = await reads(outsider, `/api/messages/club/${clubId}/reads?message_id=${sent.body.id}`);
    expect(refused.status).toBe(403);
    const elsewhere = await reads(ana, `/api/messages/club/${clubId}/reads?message_id=${sent.body.id}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.detail).toMatch(/\S/);
    const none = await reads(ana, `/api/messages/club/${clubId}/reads`);
    expect(none.status).toBe(422);
    expect(JSON.stringify(none.body.detail)).toContain("message_id");
  });
});

describe("the live read frame", () => {
  test("a direct chat: the sender's socket hears the other person read", async () => {
    const ana = await t.createUser();
    const ben = await t.createUser();
    await sharedClub(ana, ben);
    const sent = await send(t, ana.token, `/api/messages/user/${ben.id}`, "¿Leíste?");
    const live = await signedInLive(base, ana.token);
    sockets.push(live);
    live.send({ type: "subscribe", conversation: `user:${ben.id}` });
    await live.next("subscribed");
    await reads(ben, `/api/messages/user/${ana.id}`);
    const frame = await live.next("read");
    expect(frame).toMatchObject({
      type: "read",
      conversation: `user:${ben.id}`,
      user_id: ben.id,
      last_read_id: sent.body.id,
    });
    expect(Date.parse(frame.read_at)).toBeGreaterThan(0);
  });

  test("a club chat: the sender hears each reader of their message; not when the reader opted out", async () => {
    const ana = await t.createUser();
    const ben = await t.createUser();
    const quiet = await t.createUser();
    const clubId = await sharedClub(ana, ben, quiet);
    await optOut(quiet);
    const { live, sent } = await writerFollowing(ana, clubId, "¿Quién viene?");
    await reads(quiet, `/api/messages/club/${clubId}`);
    await reads(ben, `/api/messages/club/${clubId}`);
    const frame = await live.next("read", (f) => f.user_id === ben.id);
    expect(frame).toMatchObject({ conversation: `club:${clubId}`, last_read_id: sent.body.id });
    // Ben's frame came after the opted-out reader's mark moved: no frame for them.
    expect(live.frames.some((f) => f.type === "read" && f.user_id === quiet.id)).toBe(false);
  });

  test("a club chat: no frame for a reader the sender blocked, nor for one who blocked the sender", async () => {
    const ana = await t.createUser();
    const ben = await t.createUser();
    const blocked = await t.createUser();
    const blocker = await t.createUser();
    const clubId = await sharedClub(ana, ben, blocked, blocker);
    expect((await t.request("PUT", `/api/blocks/${blocked.id}`, { token: ana.token })).status).toBe(204);
    expect((await t.request("PUT", `/api/blocks/${ana.id}`, { token: blocker.token })).status).toBe(204);
    const { live } = await writerFollowing(ana, clubId, "¿Quién trae el proyector?");
    await reads(blocked, `/api/messages/club/${clubId}`);
    await reads(blocker, `/api/messages/club/${clubId}`);
    await reads(ben, `/api/messages/club/${clubId}`);
    await live.next("read", (f) => f.user_id === ben.id);
    const readers = live.frames.filter((f) => f.type === "read").map((f) => f.user_id);
    expect(readers).not.toContain(blocked.id);
    expect(readers).not.toContain(blocker.id);
  });
});
