import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { type LiveClient, signedInLive } from "../live/live.fixtures";
import { addMember, insertClub, send } from "./chat.fixtures";

/**
 * Issue 48, "Visto" for Avisos: who has read an aviso (GET …/announcements/reads), with the
 * read-receipt opt-out, on the poll's read marks and the live connection's (`read` frames on
 * `announcements:<id>`), over a real socket.
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

const get = (user: User, path: string) => t.request("GET", path, { token: user.token });
const optOut = (user: User) =>
  t.request("PUT", "/api/users/me/notification-settings", {
    token: user.token,
    json: { read_receipts: false },
  });

async function clubWith(owner: User, ...members: User[]) {
  const clubId = await insertClub(t, owner.id);
  for (const member of members) await addMember(t, clubId, member.id);
  return clubId;
}

describe("GET /api/messages/club/{id}/announcements/reads", () => {
  test("the owner sees the members who read the aviso, by name; not who opted out; the club chat's marks do not count", async () => {
    const owner = await t.createUser({ role: "owner" });
    const ben = await t.createUser();
    const cai = await t.createUser();
    const quiet = await t.createUser();
    const clubId = await clubWith(owner, ben, cai, quiet);
    await t.sql`update users set first_name = 'Ben', last_name = 'Ruiz' where id = ${ben.id}`;
    const aviso = await send(
      t,
      owner.token,
      `/api/messages/club/${clubId}/announcements`,
      "Ensayo el jueves",
    );
    expect(aviso.status).toBe(201);
    const path = `/api/messages/club/${clubId}/announcements/reads?message_id=${aviso.body.id}`;
    expect((await get(owner, path)).body).toEqual({ read_receipts: true, count: 0, readers: [] });

    // Cai reads only the club chat: that is not the Avisos channel.
    await get(cai, `/api/messages/club/${clubId}`);
    await get(ben, `/api/messages/club/${clubId}/announcements`);
    await get(quiet, `/api/messages/club/${clubId}/announcements`);
    await optOut(quiet);
    const seen = await get(owner, path);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      read_receipts: true,
      count: 1,
      readers: [{ user_id: ben.id, username: ben.username, display_name: "Ben Ruiz", picture_url: null }],
    });
    // A member may open it too; one who turned receipts off sees nobody's.
    expect((await get(ben, path)).body.count).toBe(1);
    expect((await get(quiet, path)).body).toEqual({ read_receipts: false, count: 0, readers: [] });
  });

  test("readers of the channel only; the message must be an aviso of this club; message_id required", async () => {
    const owner = await t.createUser({ role: "owner" });
    const member = await t.createUser();
    const outsider = await t.createUser();
    const clubId = await clubWith(owner, member);
    const chat = await send(t, member.token, `/api/messages/club/${clubId}`, "en el chat, no en Avisos");
    const aviso = await send(t, owner.token, `/api/messages/club/${clubId}/announcements`, "Aviso");

    const refused = await get(
      outsider,
      `/api/messages/club/${clubId}/announcements/reads?message_id=${aviso.body.id}`,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/\S/);
    const notAviso = await get(
      owner,
      `/api/messages/club/${clubId}/announcements/reads?message_id=${chat.body.id}`,
    );
    expect(notAviso.status).toBe(404);
    expect(notAviso.body.detail).toMatch(/\S/);
    // …nor is an aviso a club chat message.
    expect((await get(member, `/api/messages/club/${clubId}/reads?message_id=${aviso.body.id}`)).status).toBe(
      404,
    );
    const none = await get(owner, `/api/messages/club/${clubId}/announcements/reads`);
    expect(none.status).toBe(422);
    expect(JSON.stringify(none.body.detail)).toContain("message_id");
    expect((await get(owner, `/api/messages/club/999999/announcements/reads?message_id=1`)).status).toBe(404);
  });
});

describe("the live read frame on announcements:<id>", () => {
  test("the writer's socket hears each member who reads the aviso, live or by polling; not who opted out", async () => {
    const owner = await t.createUser({ role: "owner" });
    const ben = await t.createUser();
    const cai = await t.createUser();
    const quiet = await t.createUser();
    const clubId = await clubWith(owner, ben, cai, quiet);
    await optOut(quiet);
    const conversation = `announcements:${clubId}`;
    const writer = await signedInLive(base, owner.token);
    const reader = await signedInLive(base, cai.token);
    sockets.push(writer, reader);
    for (const socket of [writer, reader]) {
      socket.send({ type: "subscribe", conversation });
      await socket.next("subscribed", (f) => f.conversation === conversation);
    }
    const aviso = await send(t, owner.token, `/api/messages/club/${clubId}/announcements`, "¿Quién viene?");
    // Cai follows the channel live: the delivery reads it for him.
    await reader.next("message", (f) => f.message.id === aviso.body.id);
    const live = await writer.next("read", (f) => f.user_id === cai.id);
    expect(live).toMatchObject({ conversation, last_read_id: aviso.body.id });
    expect(Date.parse(live.read_at)).toBeGreaterThan(0);

    await get(quiet, `/api/messages/club/${clubId}/announcements`);
    await get(ben, `/api/messages/club/${clubId}/announcements`);
    const polled = await writer.next("read", (f) => f.user_id === ben.id);
    expect(polled).toMatchObject({ conversation, last_read_id: aviso.body.id });
    // Ben's frame came after the opted-out reader's mark moved: no frame for them.
    expect(writer.frames.some((f) => f.type === "read" && f.user_id === quiet.id)).toBe(false);
    // A member who wrote nothing there hears no one's reading.
    expect(reader.frames.some((f) => f.type === "read")).toBe(false);
  });
});
