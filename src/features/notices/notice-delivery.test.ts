import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, send } from "../chat/chat.fixtures";
import { clubNamed, createPost, kindsOf, noticesOf, userIn } from "./notice.fixtures";

setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const badge = async (token: string) =>
  (await t.request("GET", "/api/notifications", { token })).body as number;

describe("chat notices coalesce per conversation", () => {
  test("three direct messages make one notice of 3; reading the chat reads it; the next starts a new one", async () => {
    const ana = await userIn(t, "es");
    const ben = await userIn(t, "en");
    // Sharing a club: a stranger's first message would be a message request (never notified).
    const clubId = await clubNamed(t, null, "Club Común");
    await addMember(t, clubId, ana.id);
    await addMember(t, clubId, ben.id);
    for (const text of ["hola", "¿vienes?", "avísame"]) {
      expect((await send(t, ana.token, `/api/messages/user/${ben.id}`, text)).status).toBe(201);
    }
    const [notice, ...rest] = await noticesOf(t, ben);
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({
      kind: "direct_message",
      count: 3,
      user_id: ana.id,
      text: `${ana.firstName} ${ana.lastName} sent you 3 new messages.`,
      path: `/chat/user/${ana.id}`,
      read: false,
    });
    expect(await kindsOf(t, ana)).toEqual([]);

    await t.request("GET", `/api/messages/user/${ana.id}`, { token: ben.token });
    expect((await noticesOf(t, ben))[0]?.read).toBe(true);
    // Ben is in the chat now (his read mark just moved): no notice while he is.
    await send(t, ana.token, `/api/messages/user/${ben.id}`, "ok");
    expect((await noticesOf(t, ben)).length).toBe(1);
    // Later (he left), a message starts a new notice of 1.
    await t.sql`update conversation_reads set updated_at = now() - interval '1 minute' where user_id = ${ben.id}`;
    await send(t, ana.token, `/api/messages/user/${ben.id}`, "¿sigues ahí?");
    const [again] = await noticesOf(t, ben);
    expect(again).toMatchObject({
      count: 1,
      read: false,
      text: `${ana.firstName} ${ana.lastName} sent you a new message.`,
    });
  });

  test("club chat: every member but the sender, Spanish plural; the owner hears nothing", async () => {
    const owner = await userIn(t, "es", "owner");
    const [ana, ben, cam] = [await userIn(t, "es"), await userIn(t, "es"), await userIn(t, "es")];
    const clubId = await clubNamed(t, owner.id, "Club Verde");
    for (const u of [ana, ben, cam]) await addMember(t, clubId, u.id);
    await send(t, ana.token, `/api/messages/club/${clubId}`, "uno");
    await send(t, cam.token, `/api/messages/club/${clubId}`, "dos");
    const [toBen] = await noticesOf(t, ben);
    expect(toBen).toMatchObject({
      kind: "club_message",
      count: 2,
      text: "2 mensajes nuevos en el chat de Club Verde.",
    });
    expect((await noticesOf(t, ana))[0]).toMatchObject({
      count: 1,
      text: "1 mensaje nuevo en el chat de Club Verde.",
    });
    expect(await kindsOf(t, owner)).toEqual([]);
  });
});

describe("blocks", () => {
  test("a blocked person's actions notify nobody who blocked them; others still hear", async () => {
    const owner = await userIn(t, "es", "owner");
    const ana = await userIn(t, "es");
    const ben = await userIn(t, "es");
    const clubId = await clubNamed(t, owner.id, "Club Azul");
    await addMember(t, clubId, ben.id);
    await addMember(t, clubId, ana.id);
    expect((await t.request("PUT", `/api/blocks/${ana.id}`, { token: owner.token })).status).toBe(204);
    expect((await t.request("PUT", `/api/blocks/${ana.id}`, { token: ben.token })).status).toBe(204);
    const postId = await createPost(t, owner, clubId, { title: "Reunión" });
    await t.request("POST", `/api/posts/${postId}/comments`, { token: ana.token, json: { content: "Voy" } });
    await send(t, ana.token, `/api/messages/club/${clubId}`, "hola a todos");
    expect(await kindsOf(t, owner)).toEqual([]);
    expect(await kindsOf(t, ben)).toEqual(["club_post"]);
    // Ana blocked nobody: she still hears the club's post.
    expect(await kindsOf(t, ana)).toEqual(["club_post"]);
  });
});

describe("reading", () => {
  test("mark one, then all; someone else's notice is 404; counts and keyset pages follow", async () => {
    const owner = await userIn(t, "en", "owner");
    const ana = await userIn(t, "en");
    const eve = await userIn(t, "en");
    const clubId = await clubNamed(t, owner.id, "Club Rojo");
    await addMember(t, clubId, ana.id);
    for (const title of ["A", "B", "C"]) await createPost(t, owner, clubId, { title });
    const count = async () =>
      (await t.request("GET", "/api/notifications/notices/count", { token: ana.token })).body;
    expect(await count()).toEqual({ unread: 3, join_requests: 0, connection_notices: 0 });

    const first = await noticesOf(t, ana, "?limit=2");
    expect(first.map((n) => n.text)).toEqual(["Club Rojo posted “C”.", "Club Rojo posted “B”."]);
    const next = await noticesOf(t, ana, `?limit=2&before=${first[1]!.id}`);
    expect(next.map((n) => n.text)).toEqual(["Club Rojo posted “A”."]);

    const one = await t.request("POST", `/api/notifications/notices/${first[0]!.id}/read`, {
      token: ana.token,
    });
    expect(one.body).toEqual({ unread: 2 });
    const foreign = await t.request("POST", `/api/notifications/notices/${first[1]!.id}/read`, {
      token: eve.token,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe("That notification does not exist.");
    const bad = await t.request("POST", "/api/notifications/notices/abc/read", { token: ana.token });
    expect(bad.status).toBe(422);
    expect(
      (await t.request("POST", "/api/notifications/notices/read-all", { token: ana.token })).body,
    ).toEqual({
      unread: 0,
    });
    expect((await noticesOf(t, ana)).every((n) => n.read)).toBe(true);
    expect((await t.request("GET", "/api/notifications/notices/count")).status).toBe(401);

    await t.request("POST", `/api/connection-requests?club_id=${clubId}`, { token: eve.token });
    expect((await t.request("GET", "/api/notifications/notices/count", { token: owner.token })).body).toEqual(
      {
        unread: 1,
        join_requests: 1,
        connection_notices: 0,
      },
    );
  });

  test("the spec's GET /api/notifications keeps its meaning: centre-only kinds never count", async () => {
    const owner = await userIn(t, "en", "owner");
    const ana = await userIn(t, "en");
    const clubId = await clubNamed(t, owner.id, "Club Gris");
    await addMember(t, clubId, ana.id);
    await createPost(t, owner, clubId, { title: "Hola" });
    expect(await badge(ana.token)).toBe(0);
    await t.sql`insert into user_notices (user_id, kind, club_id) values (${ana.id}, 'request_accepted', ${clubId})`;
    expect(await badge(ana.token)).toBe(1);
    const counts = await t.request("GET", "/api/notifications/notices/count", { token: ana.token });
    expect(counts.body).toEqual({ unread: 2, join_requests: 0, connection_notices: 1 });
    // The Connections screen's "seen" clears the badge's kinds and leaves the centre's unread.
    await t.request("POST", "/api/notifications/seen", { token: ana.token });
    expect(await badge(ana.token)).toBe(0);
    const after = await t.request("GET", "/api/notifications/notices/count", { token: ana.token });
    expect(after.body).toEqual({ unread: 2, join_requests: 0, connection_notices: 0 });
    // Reading in the centre is seeing too (issue 50: the menu's number moves with the bell's).
    await t.sql`insert into user_notices (user_id, kind, club_id) values (${ana.id}, 'request_declined', ${clubId})`;
    expect(await badge(ana.token)).toBe(1);
    await t.request("POST", "/api/notifications/notices/read-all", { token: ana.token });
    expect(await badge(ana.token)).toBe(0);
  });
});

describe("settings and the hook", () => {
  test("a muted club's notices are stored and marked muted (push and e-mail skip them)", async () => {
    const owner = await userIn(t, "en", "owner");
    const ana = await userIn(t, "en");
    const clubId = await clubNamed(t, owner.id, "Club Mudo");
    await addMember(t, clubId, ana.id);
    const put = await t.request("PUT", "/api/users/me/notification-settings", {
      token: ana.token,
      json: { muted_clubs: [clubId, clubId], kinds: { club_post: { push: false } } },
    });
    expect(put.status).toBe(200);
    expect(put.body.muted_clubs).toEqual([clubId]);
    expect(put.body.kinds.club_post).toEqual({ push: false, email: false });
    expect(put.body.kinds.event_moved).toEqual({ push: true, email: true });
    const again = await t.request("PUT", "/api/users/me/notification-settings", {
      token: ana.token,
      json: { kinds: { club_post: { email: true } } },
    });
    expect(again.body.kinds.club_post).toEqual({ push: false, email: true });
    expect(again.body.muted_clubs).toEqual([clubId]);

    await createPost(t, owner, clubId, { title: "Silencio" });
    const stored = await t.sql<{ kind: string; muted: boolean }[]>`
      select kind, muted from user_notices where user_id = ${ana.id}`;
    expect([...stored]).toEqual([{ kind: "club_post", muted: true }]);
    expect((await noticesOf(t, ana))[0]).toMatchObject({ kind: "club_post", muted: true });

    const bad = await t.request("PUT", "/api/users/me/notification-settings", {
      token: ana.token,
      json: { kinds: { nonsense: { push: true } } },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toContain("Unknown notification kind or setting.");
  });
});
