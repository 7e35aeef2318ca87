import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { formatDateTime } from "../../../common/datetime";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember } from "../chat/chat.fixtures";
import { clubNamed, createPost, kindsOf, noticesOf, userIn } from "./notice.fixtures";

setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true, mail: true });
});
afterAll(() => t.close());

describe("each notice kind is created by its cause, in the recipient's language, not for the actor", () => {
  test("join request (owner), accepted, declined", async () => {
    const owner = await userIn(t, "es", "owner");
    const ana = await userIn(t, "en");
    const ben = await userIn(t, "es");
    const clubId = await clubNamed(t, owner.id, "Club de Robótica");

    expect(
      (await t.request("POST", `/api/connection-requests?club_id=${clubId}`, { token: ana.token })).status,
    ).toBe(201);
    await t.request("POST", `/api/connection-requests?club_id=${clubId}`, { token: ben.token });
    const [toOwner] = await noticesOf(t, owner);
    expect(toOwner).toMatchObject({
      kind: "join_request",
      club_id: clubId,
      user_id: ben.id,
      text: `${ben.firstName} ${ben.lastName} quiere unirse a Club de Robótica.`,
      path: "/connections?tab=requests",
      read: false,
    });
    expect(await kindsOf(t, ana)).toEqual([]);

    const requests = await t.sql<{ id: number; user_id: number }[]>`
      select id, user_id from connection_requests where club_id = ${clubId} order by id`;
    const anaRequest = requests.find((r) => r.user_id === ana.id)!;
    const benRequest = requests.find((r) => r.user_id === ben.id)!;
    await t.request("POST", `/api/connection-requests/${anaRequest.id}/accept`, { token: owner.token });
    await t.request("DELETE", `/api/connection-requests/${benRequest.id}`, { token: owner.token });

    const [accepted] = await noticesOf(t, ana);
    expect(accepted).toMatchObject({
      kind: "request_accepted",
      text: "Club de Robótica accepted your request to join.",
      path: `/clubs/${clubId}`,
    });
    expect((await noticesOf(t, ben))[0]).toMatchObject({
      kind: "request_declined",
      text: "Club de Robótica rechazó tu solicitud para unirte.",
    });
    // The owner decided: no notice about their own decision.
    expect(await kindsOf(t, owner)).toEqual(["join_request", "join_request"]);
  });

  test("new post and event to every member; a comment to the owner", async () => {
    const owner = await userIn(t, "es", "owner");
    const ana = await userIn(t, "en");
    const ben = await userIn(t, "es");
    const outsider = await userIn(t, "es");
    const clubId = await clubNamed(t, owner.id, "Club de Ajedrez");
    await addMember(t, clubId, ana.id);
    await addMember(t, clubId, ben.id);

    const postId = await createPost(t, owner, clubId, { title: "Torneo abierto", content: "Inscripciones" });
    const eventId = await createPost(t, owner, clubId, {
      title: "Simultánea",
      is_event: "true",
      event_date: new Date(Date.now() + 7 * 86400_000).toISOString(),
    });
    expect((await noticesOf(t, ana)).map((n) => [n.kind, n.text, n.path])).toEqual([
      ["club_event", "Club de Ajedrez announced an event: “Simultánea”.", `/clubs/${clubId}?post=${eventId}`],
      ["club_post", "Club de Ajedrez posted “Torneo abierto”.", `/clubs/${clubId}?post=${postId}`],
    ]);
    expect((await noticesOf(t, ben))[1]?.text).toBe("Club de Ajedrez publicó «Torneo abierto».");
    expect(await kindsOf(t, outsider)).toEqual([]);
    expect(await kindsOf(t, owner)).toEqual([]);

    await t.request("POST", `/api/posts/${postId}/comments`, {
      token: ana.token,
      json: { content: "¡Me apunto!" },
    });
    await t.request("POST", `/api/posts/${postId}/comments`, {
      token: owner.token,
      json: { content: "Genial" },
    });
    expect((await noticesOf(t, owner)).map((n) => [n.kind, n.text, n.user_id])).toEqual([
      ["post_comment", `${ana.firstName} ${ana.lastName} comentó en «Torneo abierto».`, ana.id],
    ]);
  });

  test("an event I am going to: waitlist place promoted, moved, cancelled", async () => {
    const owner = await userIn(t, "es", "owner");
    const ana = await userIn(t, "en");
    const ben = await userIn(t, "es");
    const clubId = await clubNamed(t, owner.id, "Club de Teatro");
    await addMember(t, clubId, ana.id);
    await addMember(t, clubId, ben.id);
    const eventId = await createPost(t, owner, clubId, {
      title: "Ensayo general",
      is_event: "true",
      event_date: new Date(Date.now() + 7 * 86400_000).toISOString(),
      capacity: "1",
    });
    const rsvp = (token: string, status: string) =>
      t.request("PUT", `/api/posts/${eventId}/rsvp`, { token, json: { status } });
    await rsvp(ana.token, "going");
    await rsvp(ben.token, "going");
    await rsvp(ana.token, "not_going");
    const [promoted] = await noticesOf(t, ben);
    expect(promoted).toMatchObject({
      kind: "event_promoted",
      post_id: eventId,
      text: "Se liberó un lugar: ahora vas a «Ensayo general» en Club de Teatro.",
    });
    const del = await t.request("DELETE", `/api/posts/${eventId}`, { token: owner.token });
    expect(del.status).toBeLessThan(300);
    expect((await noticesOf(t, ben))[0]).toMatchObject({
      kind: "event_cancelled",
      text: "Se canceló un evento de Club de Teatro al que ibas.",
      path: `/clubs/${clubId}`,
    });
  });

  test("owner request, mute, ban and role change: with the duration, in the person's language", async () => {
    const admin = await userIn(t, "en", "admin");
    const ana = await userIn(t, "es");
    const ben = await userIn(t, "en");
    const [request] = await t.sql<{ id: number }[]>`
      insert into owner_requests (user_id) values (${ana.id}) returning id`;
    await t.request("PATCH", `/api/admin/owner-requests/${request!.id}?approve=false`, {
      token: admin.token,
    });
    expect((await noticesOf(t, ana))[0]).toMatchObject({
      kind: "owner_denied",
      text: "Tu solicitud para ser dueño de club no fue aprobada.",
      path: "/profile",
    });

    const muted = await t.request("PATCH", `/api/admin/users/${ben.id}/mute?mute=true&days=2`, {
      token: admin.token,
    });
    expect(muted.status).toBe(200);
    const [mute] = await noticesOf(t, ben);
    expect(mute!.kind).toBe("account_muted");
    const until = formatDateTime(muted.body.mute_until, "en");
    expect(mute!.text).toBe(`An admin muted you until ${until}.`);

    await t.request("PATCH", `/api/admin/users/${ana.id}/role`, {
      token: admin.token,
      json: { role: "owner" },
    });
    expect((await noticesOf(t, ana))[0]).toMatchObject({
      kind: "role_changed",
      text: "Tu rol ahora es: dueño de club.",
    });

    await t.request("PATCH", `/api/admin/users/${ben.id}/ban?ban=true&hours=3`, { token: admin.token });
    const [ban] = await t.sql<{ kind: string; until: Date }[]>`
      select kind, until from user_notices where user_id = ${ben.id} order by id desc limit 1`;
    expect(ban!.kind).toBe("account_banned");
    expect(new Date(ban!.until).getTime()).toBeGreaterThan(Date.now() + 2 * 3600_000);
    expect(await kindsOf(t, admin)).toEqual([]);
  });
});
