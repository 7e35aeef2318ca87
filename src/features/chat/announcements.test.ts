import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createQuickUser, type QuickUser } from "../clubs/user.fixtures";
import { addMember, insertClub, send } from "./chat.fixtures";

/**
 * A club's Avisos channel (issue 48, "The club's own voice"): the owner and officers with `post`
 * write, members read and react, it never mixes with the club chat, and each aviso is a notice
 * (with its push job) for everyone in the club but its writer.
 */
setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
});
afterAll(() => t.close());

type User = QuickUser;

/** A club with its owner, an officer with `post`, one without it, a member and a stranger. */
async function clubWithPeople() {
  const owner = await createQuickUser(t, { role: "owner" });
  const clubId = await insertClub(t, owner.id);
  const [poster, checker, member, stranger] = await Promise.all([
    createQuickUser(t),
    createQuickUser(t),
    createQuickUser(t),
    createQuickUser(t),
  ]);
  for (const person of [poster, checker, member]) await addMember(t, clubId, person.id);
  const name = async (person: User, permissions: string[]) => {
    const res = await t.request("PUT", `/api/clubs/${clubId}/officers/${person.id}`, {
      token: owner.token,
      json: { title: "Secretaria", permissions },
    });
    expect(res.status).toBe(200);
  };
  await name(poster, ["post"]);
  await name(checker, ["check_in", "moderate_chat"]);
  return { clubId, owner, poster, checker, member, stranger };
}

const avisos = (clubId: number) => `/api/messages/club/${clubId}/announcements`;
const contents = (body: { content: string }[]) => body.map((message) => message.content);

describe("who writes in Avisos", () => {
  test("the owner and an officer with post write; an officer without it and a member get 403 with a detail", async () => {
    const { clubId, owner, poster, checker, member } = await clubWithPeople();
    const fromOwner = await send(t, owner.token, avisos(clubId), "La reunión se movió al jueves");
    expect(fromOwner.status).toBe(201);
    expect(fromOwner.body).toMatchObject({ sender_id: owner.id, content: "La reunión se movió al jueves" });
    expect((await send(t, poster.token, avisos(clubId), "Traigan sus camisetas")).status).toBe(201);

    for (const refused of [checker, member]) {
      const res = await send(t, refused.token, avisos(clubId), "¿Yo también?");
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe(
        "Only the club's owner and officers who may post write in Avisos. You can read and react.",
      );
    }
    const spanish = await t.request("POST", avisos(clubId), {
      token: member.token,
      json: { content: "¿Yo también?" },
      headers: { "accept-language": "es" },
    });
    expect(spanish.status).toBe(403);
    expect(spanish.body.detail).toBe(
      "Solo el dueño del club y la directiva con permiso de publicar escriben en Avisos. Podés leer y reaccionar.",
    );
    const read = await t.request("GET", avisos(clubId), { token: member.token });
    expect(contents(read.body)).toEqual(["La reunión se movió al jueves", "Traigan sus camisetas"]);
  });

  test("a stranger gets the club chat's refusal for both calls; an unknown club is 404", async () => {
    const { clubId, stranger, member } = await clubWithPeople();
    const chatPoll = await t.request("GET", `/api/messages/club/${clubId}`, { token: stranger.token });
    const read = await t.request("GET", avisos(clubId), { token: stranger.token });
    expect(read.status).toBe(403);
    expect(read.body.detail).toBe(chatPoll.body.detail);
    expect((await send(t, stranger.token, avisos(clubId), "hola")).status).toBe(403);
    expect((await t.request("GET", avisos(999_999), { token: member.token })).status).toBe(404);
  });

  test("an admin reads and writes any club's Avisos, as in the club chat", async () => {
    const { clubId, member } = await clubWithPeople();
    const admin = await createQuickUser(t, { role: "admin" });
    expect((await send(t, admin.token, avisos(clubId), "Aviso de la plataforma")).status).toBe(201);
    const read = await t.request("GET", avisos(clubId), { token: member.token });
    expect(contents(read.body)).toEqual(["Aviso de la plataforma"]);
  });

  test("the owner, kept out of the club chat, still reads and writes Avisos", async () => {
    const { clubId, owner } = await clubWithPeople();
    expect((await send(t, owner.token, `/api/messages/club/${clubId}`, "hola")).status).toBe(403);
    expect((await t.request("GET", `/api/messages/club/${clubId}`, { token: owner.token })).status).toBe(403);
    expect((await send(t, owner.token, avisos(clubId), "Bienvenidos")).status).toBe(201);
    const read = await t.request("GET", avisos(clubId), { token: owner.token });
    expect(read.status).toBe(200);
    expect(contents(read.body)).toEqual(["Bienvenidos"]);
  });
});

describe("members read and react", () => {
  test("a member reacts to an aviso; the poll's ETag, 304 and changes_after follow it", async () => {
    const { clubId, owner, member } = await clubWithPeople();
    const sent = await send(t, owner.token, avisos(clubId), "Sábado: limpieza de playa");
    const first = await t.request("GET", avisos(clubId), { token: member.token });
    const etag = first.headers.get("etag")!;
    const seq = Number(first.headers.get("x-change-seq"));
    const again = await t.request("GET", `${avisos(clubId)}?after=${sent.body.id}`, {
      token: member.token,
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);

    const reacted = await t.request("POST", `/api/messages/${sent.body.id}/reactions`, {
      token: member.token,
      json: { emoji: "👍" },
    });
    expect(reacted.status).toBe(200);
    expect(reacted.body.reactions).toEqual([{ emoji: "👍", count: 1, reacted_by_me: true }]);
    const changed = await t.request("GET", `${avisos(clubId)}?after=${sent.body.id}&changes_after=${seq}`, {
      token: member.token,
      headers: { "if-none-match": etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toHaveLength(1);
    expect(changed.body[0].reactions).toEqual([{ emoji: "👍", count: 1, reacted_by_me: true }]);
    const byOwner = await t.request("GET", avisos(clubId), { token: owner.token });
    expect(byOwner.body[0].reactions).toEqual([{ emoji: "👍", count: 1, reacted_by_me: false }]);
  });

  test("a stranger cannot react (403); a member cannot edit an aviso", async () => {
    const { clubId, owner, member, stranger } = await clubWithPeople();
    const sent = await send(t, owner.token, avisos(clubId), "Cuota de noviembre");
    const react = await t.request("POST", `/api/messages/${sent.body.id}/reactions`, {
      token: stranger.token,
      json: { emoji: "👍" },
    });
    expect(react.status).toBe(403);
    const edit = await t.request("PATCH", `/api/messages/${sent.body.id}`, {
      token: member.token,
      json: { content: "gratis" },
    });
    expect(edit.status).toBe(403);
  });

  test("client_id retries, replies, edits and the delete tombstone work as in the chat", async () => {
    const { clubId, owner, poster, member } = await clubWithPeople();
    const clientId = crypto.randomUUID();
    const body = { content: "Rifa el viernes", client_id: clientId };
    const first = await t.request("POST", avisos(clubId), { token: poster.token, json: body });
    const retry = await t.request("POST", avisos(clubId), { token: poster.token, json: body });
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.body.id).toBe(first.body.id);

    const reply = await t.request("POST", avisos(clubId), {
      token: owner.token,
      json: { content: "Boletos a C$20", reply_to: first.body.id },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.reply_to).toMatchObject({ id: first.body.id, content: "Rifa el viernes" });
    const chatMessage = await send(t, member.token, `/api/messages/club/${clubId}`, "¿y la rifa?");
    const crossReply = await t.request("POST", avisos(clubId), {
      token: owner.token,
      json: { content: "x", reply_to: chatMessage.body.id },
    });
    expect(crossReply.status).toBe(422);

    const edited = await t.request("PATCH", `/api/messages/${first.body.id}`, {
      token: poster.token,
      json: { content: "Rifa el sábado" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.edited_at).not.toBeNull();
    // The owner speaks for the club in Avisos: they may delete an officer's aviso.
    const deleted = await t.request("DELETE", `/api/messages/${first.body.id}`, { token: owner.token });
    expect(deleted.status).toBe(204);
    const memberDelete = await t.request("DELETE", `/api/messages/${reply.body.id}`, { token: member.token });
    expect(memberDelete.status).toBe(403);
    const read = await t.request("GET", avisos(clubId), { token: member.token });
    expect(read.body[0]).toMatchObject({ id: first.body.id, deleted: true, content: "" });
  });
});

describe("the chat's safety rules hold in Avisos", () => {
  test("a blocked word is refused; a held aviso is shown only to its writer and notifies nobody", async () => {
    const { clubId, owner, member } = await clubWithPeople();
    await t.sql`insert into watched_words (word, match_key, action) values
      ('zzavisoprohibido', 'zzavisoprohibido', 'block'), ('zzavisoretenido', 'zzavisoretenido', 'hold')
      on conflict do nothing`;
    expect((await send(t, owner.token, avisos(clubId), "zzavisoprohibido")).status).toBe(422);
    const held = await send(t, owner.token, avisos(clubId), "zzavisoretenido");
    expect(held.status).toBe(201);
    expect(held.body.pending_review).toBe(true);
    const byMember = await t.request("GET", avisos(clubId), { token: member.token });
    expect(byMember.body).toEqual([]);
    const byOwner = await t.request("GET", avisos(clubId), { token: owner.token });
    expect(contents(byOwner.body)).toEqual(["zzavisoretenido"]);
    const notices =
      await t.sql`select 1 from user_notices where kind = 'announcement' and club_id = ${clubId}`;
    expect(notices).toHaveLength(0);
  });
});

describe("Avisos and the club chat never mix", () => {
  test("the club chat's poll never shows an aviso, nor Avisos a chat message", async () => {
    const { clubId, owner, member } = await clubWithPeople();
    await send(t, owner.token, avisos(clubId), "Aviso oficial");
    await send(t, member.token, `/api/messages/club/${clubId}`, "charla del chat");
    const chat = await t.request("GET", `/api/messages/club/${clubId}`, { token: member.token });
    expect(contents(chat.body)).toEqual(["charla del chat"]);
    const announcements = await t.request("GET", avisos(clubId), { token: member.token });
    expect(contents(announcements.body)).toEqual(["Aviso oficial"]);
  });

  test("the conversation list shows Avisos just before its club's chat; the owner sees Avisos only", async () => {
    const { clubId, owner, member } = await clubWithPeople();
    await send(t, member.token, `/api/messages/club/${clubId}`, "primero el chat");
    await send(t, owner.token, avisos(clubId), "después el aviso");
    const list = await t.request("GET", "/api/messages/conversations", { token: member.token });
    const rows = list.body.filter((row: { id: number }) => row.id === clubId);
    expect(rows.map((row: { type: string }) => row.type)).toEqual(["announcements", "club"]);
    expect(rows[0]).toMatchObject({ last_message_content: "después el aviso", unread_count: 1 });
    expect(rows[1]).toMatchObject({ last_message_content: "primero el chat" });
    const ownerList = await t.request("GET", "/api/messages/conversations", { token: owner.token });
    const ownerRows = ownerList.body.filter((row: { id: number }) => row.id === clubId);
    expect(ownerRows.map((row: { type: string }) => row.type)).toEqual(["announcements"]);
  });

  test("an aviso's unread count and notice are its own, not the club chat's", async () => {
    const { clubId, owner, member } = await clubWithPeople();
    await send(t, owner.token, avisos(clubId), "Aviso");
    const badge = await t.sql<{ kind: string; conversation_key: string }[]>`
      select kind, conversation_key from user_notices where user_id = ${member.id} and club_id = ${clubId}`;
    expect([...badge]).toEqual([{ kind: "announcement", conversation_key: `announcements:${clubId}` }]);
  });
});

describe("notices and pushes", () => {
  test("each aviso is a notice with a queued push for every member and the owner, never the writer", async () => {
    const { clubId, owner, poster, checker, member } = await clubWithPeople();
    for (const person of [owner, poster, checker, member]) {
      await t.sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
        values (${person.id}, ${`https://push.example.test/${crypto.randomUUID()}`}, 'k', 'a')`;
    }
    // Muting the club does not silence Avisos (its own switch is kinds.announcement).
    await t.request("PUT", "/api/users/me/notification-settings", {
      token: member.token,
      json: { muted_clubs: [clubId] },
    });
    const sent = await send(t, poster.token, avisos(clubId), "Asamblea general el lunes");
    expect(sent.status).toBe(201);
    const notices = await t.sql<{ id: number; user_id: number; muted: boolean }[]>`
      select id, user_id, muted from user_notices where kind = 'announcement' and club_id = ${clubId}
      order by user_id`;
    expect(notices.map((row) => row.user_id).sort()).toEqual([owner.id, checker.id, member.id].sort());
    expect(notices.every((row) => !row.muted)).toBe(true);
    const jobs = await t.sql<{ ids: number[] }[]>`
      select data->'ids' as ids from pgboss.job where name = 'notice-push'`;
    const queued = new Set(jobs.flatMap((job) => job.ids));
    for (const notice of notices) expect(queued.has(notice.id)).toBe(true);

    const list = await t.request("GET", "/api/notifications/notices", { token: member.token });
    const aviso = list.body.notices?.[0] ?? list.body[0];
    expect(aviso).toMatchObject({ kind: "announcement", path: `/chat/announcements/${clubId}` });
  });
});
