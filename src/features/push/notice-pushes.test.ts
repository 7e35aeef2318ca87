import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { club, profiled } from "../connections/connection.fixtures";
import { joinClub, postForm } from "../posts/post.fixtures";
import { decryptPush } from "./browser-keys.fixtures";
import { setQuietHours, subscribeBrowser } from "./push.fixtures";
import { makeTestCa, type PushService, startPushService } from "./push-service.fixtures";

/**
 * Issue 33: a notice reaches a closed phone. A club post and a direct message each become a
 * notice (src/features/notices) and, through the queue, an encrypted push in the recipient's
 * language; the person who caused it gets none, and a muted club pushes nothing.
 */
setDefaultTimeout(60_000);

let t: TestApp;
let service: PushService;
beforeAll(async () => {
  const tls = await makeTestCa();
  service = await startPushService(tls);
  t = await setupTestApp(
    {
      PUSH_ENDPOINT_ALLOWLIST: "127.0.0.1",
      VAPID_SUBJECT: "mailto:push@clubnica.test",
    },
    { jobs: true, mail: true },
  );
  t.deps.config.PUSH_CA_FILE = tls.caFile;
}, 60_000);
afterAll(async () => {
  await t.close();
  service.stop();
});

async function listener(locale: "en" | "es") {
  const person = await profiled(t);
  await t.sql`update users set locale = ${locale} where id = ${person.id}`;
  const browser = await subscribeBrowser(t, person, service);
  expect((await setQuietHours(t, person, null)).status).toBe(200);
  return { person, browser };
}

describe("notices become pushes", () => {
  test("a new club post reaches each member in their language, not its author", async () => {
    const owner = await profiled(t, "owner");
    const ownerBrowser = await subscribeBrowser(t, owner, service);
    await setQuietHours(t, owner, null);
    const clubId = await club(t, owner, { name: "Club de Remo Granada" });
    const es = await listener("es");
    const en = await listener("en");
    for (const { person } of [es, en]) await joinClub(t, clubId, person.id);

    const post = await t.request("POST", "/api/posts", {
      token: owner.token,
      multipart: postForm({ club_id: String(clubId), title: "Salida al lago el sábado" }),
    });
    expect(post.status).toBe(201);

    const received = [await service.next(), await service.next()];
    const byPath = new Map(received.map((push) => [push.path, push]));
    expect(byPath.has(ownerBrowser.path)).toBe(false);
    const forEs = JSON.parse(decryptPush(es.browser.keys, byPath.get(es.browser.path)!.body));
    const forEn = JSON.parse(decryptPush(en.browser.keys, byPath.get(en.browser.path)!.body));
    for (const payload of [forEs, forEn]) {
      expect(payload).toMatchObject({ title: "Club de Remo Granada", kind: "club_post", club_id: clubId });
      expect(payload.path).toContain(`/clubs/${clubId}`);
      expect(payload.body).toContain("Salida al lago el sábado");
    }
    expect(forEs.body).not.toBe(forEn.body);
  });

  test("a direct message pushes with the conversation's tag; a muted club pushes nothing", async () => {
    const sender = await profiled(t, "owner");
    const { person, browser } = await listener("en");
    const clubId = await club(t, sender, { name: "Club Silencioso" });
    await joinClub(t, clubId, person.id);
    const muted = await t.request("PUT", "/api/users/me/notification-settings", {
      token: person.token,
      json: { muted_clubs: [clubId] },
    });
    expect(muted.status).toBe(200);
    // The muted club's post first: if it were pushed, it would arrive before the message's.
    const post = await t.request("POST", "/api/posts", {
      token: sender.token,
      multipart: postForm({ club_id: String(clubId), title: "Nadie lo oye" }),
    });
    expect(post.status).toBe(201);
    const sent = await t.request("POST", `/api/messages/user/${person.id}`, {
      token: sender.token,
      json: { content: "¿Vienes mañana?" },
    });
    expect(sent.status).toBe(201);

    const push = await service.next();
    expect(push.path).toBe(browser.path);
    const payload = JSON.parse(decryptPush(browser.keys, push.body));
    expect(payload.kind).toBe("direct_message");
    expect(payload.tag).toMatch(/\S/);
    expect(payload.path).toContain(`/chat/user/${sender.id}`);
  });

  test("a club chat message pushes to its members, not its sender; a member who muted the club gets none", async () => {
    // The notices are written by the message's own insert (notices' clubMessageNoticesStatement)
    // and their push job queued from the ids it returns, in the same transaction.
    const owner = await profiled(t, "owner");
    const clubId = await club(t, owner, { name: "Club de Ajedrez León" });
    const sender = await listener("es");
    const reader = await listener("en");
    const quiet = await listener("en");
    for (const { person } of [sender, reader, quiet]) await joinClub(t, clubId, person.id);
    const muted = await t.request("PUT", "/api/users/me/notification-settings", {
      token: quiet.person.token,
      json: { muted_clubs: [clubId] },
    });
    expect(muted.status).toBe(200);

    const sent = await t.request("POST", `/api/messages/club/${clubId}`, {
      token: sender.person.token,
      json: { content: "¿Quién trae el tablero?" },
    });
    expect(sent.status).toBe(201);
    const push = await service.next();
    expect(push.path).toBe(reader.browser.path);
    const payload = JSON.parse(decryptPush(reader.browser.keys, push.body));
    expect(payload).toMatchObject({ kind: "club_message", club_id: clubId });
    expect(payload.path).toContain(`/chat/club/${clubId}`);

    // The muted member's notice is stored, marked muted, and pushes nothing: a direct message
    // sent next is the next push they get.
    const [notice] = await t.sql<{ muted: boolean }[]>`
      select muted from user_notices where user_id = ${quiet.person.id} and kind = 'club_message'`;
    expect(notice?.muted).toBe(true);
    const direct = await t.request("POST", `/api/messages/user/${quiet.person.id}`, {
      token: sender.person.token,
      json: { content: "Hola" },
    });
    expect(direct.status).toBe(201);
    const next = await service.next();
    expect(next.path).toBe(quiet.browser.path);
    expect(JSON.parse(decryptPush(quiet.browser.keys, next.body)).kind).toBe("direct_message");
  });
});
