import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { noticesOf, userIn } from "../notices/notice.fixtures";
import { decryptPush } from "../push/browser-keys.fixtures";
import { setQuietHours, subscribeBrowser, waitUntil } from "../push/push.fixtures";
import { makeTestCa, type PushService, startPushService } from "../push/push-service.fixtures";
import { watchWords } from "../watched-words/watched-words.fixtures";

/**
 * Issue 48, mentions: `@username` in a club chat gives that member a `mention` notice whose path
 * opens the chat at the message, and a push even from a club they muted (quiet hours still hold
 * it); never for a non-member, the sender, or across a block.
 */
setDefaultTimeout(60_000);

let t: TestApp;
let service: PushService;
beforeAll(async () => {
  const tls = await makeTestCa();
  service = await startPushService(tls);
  t = await setupTestApp(
    { PUSH_ENDPOINT_ALLOWLIST: "127.0.0.1", VAPID_SUBJECT: "mailto:push@clubnica.test" },
    { jobs: true, mail: true },
  );
  t.deps.config.PUSH_CA_FILE = tls.caFile;
}, 60_000);
afterAll(async () => {
  await t.close();
  service.stop();
});

async function clubWith(...people: { id: number }[]) {
  const clubId = await insertClub(t, null, "Club de Ajedrez León");
  for (const person of people) await addMember(t, clubId, person.id);
  return clubId;
}

const mentionsOf = async (user: Parameters<typeof noticesOf>[1]) =>
  (await noticesOf(t, user)).filter((notice) => notice.kind === "mention");

describe("a mention in a club chat", () => {
  test("notifies the member named, in their language, with the path to the message", async () => {
    const ana = await userIn(t, "es");
    const ben = await userIn(t, "en");
    await t.sql`update users set first_name = 'Ana', last_name = 'López' where id = ${ana.id}`;
    const clubId = await clubWith(ana, ben);
    const res = await send(
      t,
      ana.token,
      `/api/messages/club/${clubId}`,
      `¿Venís el jueves, @${ben.username}?`,
    );
    expect(res.status).toBe(201);
    const [notice] = await mentionsOf(ben);
    expect(notice).toMatchObject({
      kind: "mention",
      club_id: clubId,
      user_id: ana.id,
      text: "Ana López mentioned you in the Club de Ajedrez León chat.",
      path: `/chat/club/${clubId}?message=${res.body.id}`,
      read: false,
      muted: false,
    });
    // The sender naming themselves, in capitals, is nobody's mention.
    await send(t, ana.token, `/api/messages/club/${clubId}`, `Soy @${ana.username.toUpperCase()}`);
    expect(await mentionsOf(ana)).toEqual([]);
    // Case does not matter for someone else.
    await send(t, ana.token, `/api/messages/club/${clubId}`, `@${ben.username.toUpperCase()} ¿y?`);
    expect(await mentionsOf(ben)).toHaveLength(2);
    // The Spanish line.
    await send(t, ben.token, `/api/messages/club/${clubId}`, `Sí, @${ana.username}`);
    expect((await mentionsOf(ana))[0]!.text).toContain("te mencionó en el chat de Club de Ajedrez León");
  });

  test("nobody outside the club, and nobody across a block either way", async () => {
    const ana = await userIn(t, "es");
    const outsider = await userIn(t, "es");
    const blocker = await userIn(t, "es");
    const blocked = await userIn(t, "es");
    const clubId = await clubWith(ana, blocker, blocked);
    await t.sql`insert into user_blocks (blocker_id, blocked_id) values (${ana.id}, ${blocked.id})
      on conflict do nothing`;
    await t.sql`insert into user_blocks (blocker_id, blocked_id) values (${blocker.id}, ${ana.id})
      on conflict do nothing`;
    const res = await send(
      t,
      ana.token,
      `/api/messages/club/${clubId}`,
      `@${outsider.username} @${blocker.username} @${blocked.username} @nadie_existe`,
    );
    expect(res.status).toBe(201);
    for (const person of [outsider, blocker, blocked]) expect(await mentionsOf(person)).toEqual([]);
  });
});

describe("a mention added by an edit", () => {
  test("notifies only the names the new text adds; a held message's edit calls nobody", async () => {
    const ana = await userIn(t, "es");
    const ben = await userIn(t, "en");
    const carla = await userIn(t, "en");
    const dora = await userIn(t, "en");
    const clubId = await clubWith(ana, ben, carla, dora);
    const sent = await send(t, ana.token, `/api/messages/club/${clubId}`, `Hola @${ben.username}`);
    expect(sent.status).toBe(201);
    expect(await mentionsOf(ben)).toHaveLength(1);
    const edit = (content: string) =>
      t.request("PATCH", `/api/messages/${sent.body.id}`, { token: ana.token, json: { content } });
    // Ben was named already; Carla is new (in capitals: case does not matter).
    const edited = await edit(`Hola @${ben.username} y @${carla.username.toUpperCase()}`);
    expect(edited.status).toBe(200);
    expect(await mentionsOf(ben)).toHaveLength(1);
    const [notice] = await mentionsOf(carla);
    expect(notice).toMatchObject({ user_id: ana.id, path: `/chat/club/${clubId}?message=${sent.body.id}` });
    // The same names again, in another order: nobody is called twice.
    expect((await edit(`@${carla.username}, @${ben.username}: hola`)).status).toBe(200);
    expect(await mentionsOf(carla)).toHaveLength(1);
    expect(await mentionsOf(ben)).toHaveLength(1);
    // Held by a watched word: the name it adds is not called.
    const admin = await userIn(t, "es", "admin");
    await watchWords(t, admin.token, { cuchumbo: "hold" });
    expect((await edit(`cuchumbo @${dora.username}`)).status).toBe(200);
    expect(await mentionsOf(dora)).toEqual([]);
  });
});

describe("the mention's push", () => {
  test("arrives even when the person muted the club", async () => {
    const ana = await userIn(t, "es");
    const ben = await userIn(t, "en");
    const browser = await subscribeBrowser(t, ben, service);
    expect((await setQuietHours(t, ben, null)).status).toBe(200);
    const clubId = await clubWith(ana, ben);
    const muted = await t.request("PUT", "/api/users/me/notification-settings", {
      token: ben.token,
      json: { muted_clubs: [clubId] },
    });
    expect(muted.status).toBe(200);
    // A plain message first: muted, it must not be pushed (else it would arrive first).
    await send(t, ana.token, `/api/messages/club/${clubId}`, "Hola a todos");
    const res = await send(t, ana.token, `/api/messages/club/${clubId}`, `@${ben.username} ¿venís?`);
    expect(res.status).toBe(201);
    const push = await service.next();
    expect(push.path).toBe(browser.path);
    const payload = JSON.parse(decryptPush(browser.keys, push.body));
    expect(payload).toMatchObject({ kind: "mention", path: `/chat/club/${clubId}?message=${res.body.id}` });
  });

  test("is held during quiet hours, like any push", async () => {
    const ana = await userIn(t, "es");
    const ben = await userIn(t, "es");
    await subscribeBrowser(t, ben, service);
    // Quiet from an hour ago to two hours ahead, in Managua's time (UTC-6, no daylight saving).
    const hour = (new Date().getUTCHours() + 24 - 6) % 24;
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, "0")}:00`;
    expect((await setQuietHours(t, ben, { start: hh(hour - 1), end: hh(hour + 2) })).status).toBe(200);
    const clubId = await clubWith(ana, ben);
    await t.request("PUT", "/api/users/me/notification-settings", {
      token: ben.token,
      json: { muted_clubs: [clubId] },
    });
    await send(t, ana.token, `/api/messages/club/${clubId}`, `@${ben.username} mañana`);
    await waitUntil(async () => {
      const rows = await t.sql`select 1 from held_pushes where user_id = ${ben.id} and kind = 'mention'`;
      return rows.length > 0;
    });
  });
});

describe("GET /api/clubs/{id}/members", () => {
  test("members matching what was typed, never the caller nor across a block; members and admins only", async () => {
    const ana = await userIn(t, "es");
    const ben = await userIn(t, "es");
    const bea = await userIn(t, "es");
    const blocker = await userIn(t, "es");
    const outsider = await userIn(t, "es");
    await t.sql`update users set first_name = 'Beatriz', last_name = 'Ruiz' where id = ${bea.id}`;
    await t.sql`update users set first_name = 'Benito', last_name = 'Ruiz' where id = ${blocker.id}`;
    const clubId = await clubWith(ana, ben, bea, blocker);
    await t.sql`insert into user_blocks (blocker_id, blocked_id) values (${blocker.id}, ${ana.id})`;

    const all = await t.request("GET", `/api/clubs/${clubId}/members`, { token: ana.token });
    expect(all.status).toBe(200);
    expect(all.body.map((m: { id: number }) => m.id).sort()).toEqual([ben.id, bea.id].sort());

    const byName = await t.request("GET", `/api/clubs/${clubId}/members?q=beat`, { token: ana.token });
    expect(byName.body).toEqual([
      { id: bea.id, username: bea.username, display_name: "Beatriz Ruiz", picture_url: null },
    ]);
    const byUsername = await t.request("GET", `/api/clubs/${clubId}/members?q=${ben.username}`, {
      token: ana.token,
    });
    expect(byUsername.body.map((m: { id: number }) => m.id)).toEqual([ben.id]);
    // A % typed is a letter, not a pattern.
    const percent = await t.request("GET", `/api/clubs/${clubId}/members?q=%25`, { token: ana.token });
    expect(percent.body).toEqual([]);

    const refused = await t.request("GET", `/api/clubs/${clubId}/members`, { token: outsider.token });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/\S/);
    expect((await t.request("GET", "/api/clubs/999999/members", { token: ana.token })).status).toBe(404);
    const long = await t.request("GET", `/api/clubs/${clubId}/members?q=${"a".repeat(40)}`, {
      token: ana.token,
    });
    expect(long.status).toBe(422);
    expect(JSON.stringify(long.body.detail)).toMatch(/32/);
    expect((await t.request("GET", `/api/clubs/${clubId}/members`)).status).toBe(401);
  });
});
