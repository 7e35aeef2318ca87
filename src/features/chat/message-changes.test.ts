import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub } from "./chat.fixtures";
import { jsonOfView, readNewClubMessages, viewsOfClubMessages } from "./live-delivery";

setDefaultTimeout(60_000);

/** Issue 48's chat additions on the real database: retries, replies, reactions, edits. */
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const post = (token: string, path: string, json: Json) => t.request("POST", path, { token, json });
const react = (token: string, id: number, emoji: string) =>
  post(token, `/api/messages/${id}/reactions`, { emoji });
const unreact = (token: string, id: number, emoji: string) =>
  t.request("DELETE", `/api/messages/${id}/reactions/${encodeURIComponent(emoji)}`, { token });
const edit = (token: string, id: number, content: string) =>
  t.request("PATCH", `/api/messages/${id}`, { token, json: { content } });

async function clubWith(count: number) {
  const owner = await createQuickUser(t, { role: "owner" });
  const clubId = await insertClub(t, owner.id);
  const members = [];
  for (let i = 0; i < count; i++) {
    const member = await createQuickUser(t);
    await addMember(t, clubId, member.id);
    members.push(member);
  }
  return { owner, clubId, members };
}

describe("a send is safe to retry (client_id)", () => {
  test("the same client_id twice in a row stores one message and answers the stored one with 200", async () => {
    const [a, b] = [await createQuickUser(t), await createQuickUser(t)];
    const clientId = crypto.randomUUID();
    const path = `/api/messages/user/${b.id}`;
    const first = await post(a.token, path, { content: "¿llegó?", client_id: clientId });
    const again = await post(a.token, path, { content: "¿llegó?", client_id: clientId });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.client_id).toBe(clientId);
    const [row] = await t.sql<
      { n: number }[]
    >`select count(*)::int as n from messages where sender_id = ${a.id}`;
    expect(row!.n).toBe(1);
    // Only its sender is shown the client_id.
    const theirs = await t.request("GET", `/api/messages/user/${a.id}`, { token: b.token });
    expect(theirs.body[0].client_id).toBeNull();
  });

  test("the same client_id twice at once stores one message", async () => {
    const { clubId, members } = await clubWith(1);
    const clientId = crypto.randomUUID();
    const path = `/api/messages/club/${clubId}`;
    const answers = await Promise.all(
      Array.from({ length: 2 }, () =>
        post(members[0]!.token, path, { content: "a la vez", client_id: clientId }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 201]);
    expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
    const [row] = await t.sql<
      { n: number }[]
    >`select count(*)::int as n from messages where club_id = ${clubId}`;
    expect(row!.n).toBe(1);
  });

  test("a client_id that is not a UUID is 422 with a detail", async () => {
    const [a, b] = [await createQuickUser(t), await createQuickUser(t)];
    const res = await post(a.token, `/api/messages/user/${b.id}`, { content: "x", client_id: "nope" });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.detail)).toContain("client_id must be a UUID.");
  });
});

describe("replies", () => {
  test("a reply quotes its original; another conversation's id is refused with 422", async () => {
    const { clubId, members } = await clubWith(2);
    const ana = members[0]!;
    const beto = members[1]!;
    const question = await post(ana.token, `/api/messages/club/${clubId}`, { content: "¿A qué hora es?" });
    const answer = await post(beto.token, `/api/messages/club/${clubId}`, {
      content: "A las 3",
      reply_to: question.body.id,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.reply_to).toEqual({
      id: question.body.id,
      sender_display_name: question.body.sender_display_name,
      content: "¿A qué hora es?",
      deleted: false,
      hidden: false,
    });
    const elsewhere = await post(ana.token, `/api/messages/user/${beto.id}`, { content: "privado" });
    const refused = await post(beto.token, `/api/messages/club/${clubId}`, {
      content: "cruzado",
      reply_to: elsewhere.body.id,
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body.detail)).toContain(
      "You can only reply to a message in this conversation.",
    );
    // The original deleted: the quote says so, and carries nothing of it.
    expect(
      (await t.request("DELETE", `/api/messages/${question.body.id}`, { token: ana.token })).status,
    ).toBe(204);
    const page = await t.request("GET", `/api/messages/club/${clubId}`, { token: beto.token });
    const reply = page.body.find((m: Json) => m.id === answer.body.id);
    expect(reply.reply_to).toEqual({
      id: question.body.id,
      sender_display_name: question.body.sender_display_name,
      content: "",
      deleted: true,
      hidden: false,
    });
  });

  test("a quote of someone the reader blocked shows nothing of it, in the poll and on the live connection", async () => {
    const { clubId, members } = await clubWith(3);
    const [ana, beto, carla] = members as [QuickUser, QuickUser, QuickUser];
    const question = await post(ana.token, `/api/messages/club/${clubId}`, {
      content: "¿Quién trae el balón?",
    });
    const answer = await post(beto.token, `/api/messages/club/${clubId}`, {
      content: "Yo lo traigo",
      reply_to: question.body.id,
    });
    await t.request("PUT", `/api/blocks/${ana.id}`, { token: carla.token });
    const seenBy = async (who: QuickUser) => {
      const page = await t.request("GET", `/api/messages/club/${clubId}`, { token: who.token });
      return page.body.find((m: Json) => m.id === answer.body.id).reply_to;
    };
    expect(await seenBy(carla)).toMatchObject({ content: "", deleted: false, hidden: true });
    expect(await seenBy(beto)).toMatchObject({ content: "¿Quién trae el balón?", hidden: false });
    // Live reads the row once for every follower and applies each one's blocks in memory.
    const [row] = await readNewClubMessages(t.db, clubId, question.body.id);
    const viewer = { id: carla.id, blocked: new Set([ana.id]) };
    const [view] = viewsOfClubMessages([row!], viewer, 0);
    expect(jsonOfView(view!, viewer).reply_to).toMatchObject({ content: "", hidden: true });
  });

  test("a held message cannot be quoted, not even by its sender (the quote would show it to all)", async () => {
    const [a, b] = [await createQuickUser(t), await createQuickUser(t)];
    await t.sql`insert into watched_words (word, match_key, action) values ('zzretenido', 'zzretenido', 'hold')
      on conflict do nothing`;
    const held = await post(a.token, `/api/messages/user/${b.id}`, { content: "zzretenido" });
    expect(held.body.pending_review).toBe(true);
    const reply = await post(a.token, `/api/messages/user/${b.id}`, {
      content: "ojo",
      reply_to: held.body.id,
    });
    expect(reply.status).toBe(422);
  });

  test("the quote is an excerpt of at most 120 characters", async () => {
    const [a, b] = [await createQuickUser(t), await createQuickUser(t)];
    const long = "a".repeat(500);
    const first = await post(a.token, `/api/messages/user/${b.id}`, { content: long });
    const reply = await post(b.token, `/api/messages/user/${a.id}`, {
      content: "ok",
      reply_to: first.body.id,
    });
    expect(reply.body.reply_to.content).toBe("a".repeat(120));
  });
});

describe("reactions", () => {
  test("60 members reacting at once count 60; each sees their own reacted_by_me", async () => {
    const { clubId, members } = await clubWith(61);
    const [author, ...others] = members;
    const sent = await post(author!.token, `/api/messages/club/${clubId}`, { content: "¿Vienen el sábado?" });
    const answers = await Promise.all(others.map((member) => react(member.token, sent.body.id, "👍")));
    expect(answers.map((res) => res.status)).toEqual(others.map(() => 200));
    const seenByAuthor = await t.request("GET", `/api/messages/club/${clubId}`, { token: author!.token });
    expect(seenByAuthor.body[0].reactions).toEqual([{ emoji: "👍", count: 60, reacted_by_me: false }]);
    const seenByOne = await t.request("GET", `/api/messages/club/${clubId}`, { token: others[0]!.token });
    expect(seenByOne.body[0].reactions).toEqual([{ emoji: "👍", count: 60, reacted_by_me: true }]);
  });

  test("adding is idempotent, removing toggles it off, and the six keep their order", async () => {
    const [a, b] = [await createQuickUser(t), await createQuickUser(t)];
    const sent = await post(a.token, `/api/messages/user/${b.id}`, { content: "¡Ganamos!" });
    const id = sent.body.id;
    expect((await react(b.token, id, "🙏")).status).toBe(200);
    expect((await react(b.token, id, "❤️")).status).toBe(200);
    const twice = await react(b.token, id, "❤️");
    expect(twice.body.reactions).toEqual([
      { emoji: "❤️", count: 1, reacted_by_me: true },
      { emoji: "🙏", count: 1, reacted_by_me: true },
    ]);
    const off = await unreact(b.token, id, "❤️");
    expect(off.status).toBe(200);
    expect(off.body.reactions).toEqual([{ emoji: "🙏", count: 1, reacted_by_me: true }]);
    const offAgain = await unreact(b.token, id, "❤️");
    expect(offAgain.body.reactions).toEqual([{ emoji: "🙏", count: 1, reacted_by_me: true }]);
    const on = await react(b.token, id, "❤️");
    expect(on.body.reactions.map((r: Json) => r.emoji)).toEqual(["❤️", "🙏"]);
  });

  test("another emoji is 422; someone outside the conversation 404; a block 403", async () => {
    const [a, b, stranger] = [await createQuickUser(t), await createQuickUser(t), await createQuickUser(t)];
    const sent = await post(a.token, `/api/messages/user/${b.id}`, { content: "hola" });
    const wrong = await react(b.token, sent.body.id, "🤡");
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(wrong.body.detail)).toContain("Choose one of");
    expect((await react(stranger.token, sent.body.id, "👍")).status).toBe(404);
    expect((await t.request("PUT", `/api/blocks/${a.id}`, { token: b.token })).status).toBeLessThan(300);
    expect((await react(b.token, sent.body.id, "👍")).status).toBe(403);
  });

  test("the club's owner and non-members cannot react in the club chat", async () => {
    const { owner, clubId, members } = await clubWith(1);
    const outsider = await createQuickUser(t);
    const sent = await post(members[0]!.token, `/api/messages/club/${clubId}`, { content: "hola" });
    expect((await react(owner.token, sent.body.id, "👍")).status).toBe(403);
    expect((await react(outsider.token, sent.body.id, "👍")).status).toBe(403);
  });
});

describe("editing", () => {
  test("its sender edits within 15 minutes; edited_at is set; in the 16th minute it is refused", async () => {
    const [a, b] = [await createQuickUser(t), await createQuickUser(t)];
    const sent = await post(a.token, `/api/messages/user/${b.id}`, { content: "la reunión es el miércoles" });
    const edited = await edit(a.token, sent.body.id, "la reunión es el jueves");
    expect(edited.status).toBe(200);
    expect(edited.body.content).toBe("la reunión es el jueves");
    expect(typeof edited.body.edited_at).toBe("string");
    expect((await edit(b.token, sent.body.id, "no es mío")).status).toBe(403);
    await t.sql`update messages set created_at = now() - interval '14 minutes 50 seconds' where id = ${sent.body.id}`;
    expect((await edit(a.token, sent.body.id, "todavía")).status).toBe(200);
    await t.sql`update messages set created_at = now() - interval '15 minutes 1 second' where id = ${sent.body.id}`;
    const late = await edit(a.token, sent.body.id, "tarde");
    expect(late.status).toBe(403);
    expect(late.body.detail).toBe("Messages can only be edited within 15 minutes of sending them.");
    const page = await t.request("GET", `/api/messages/user/${a.id}`, { token: b.token });
    expect(page.body[0].content).toBe("todavía");
  });

  test("watched words screen the new text as on send", async () => {
    const [a, b] = [await createQuickUser(t), await createQuickUser(t)];
    await t.sql`insert into watched_words (word, match_key, action) values ('zzprohibido', 'zzprohibido', 'block')
      on conflict do nothing`;
    const sent = await post(a.token, `/api/messages/user/${b.id}`, { content: "limpio" });
    const refused = await edit(a.token, sent.body.id, "zzprohibido");
    expect(refused.status).toBe(422);
    const page = await t.request("GET", `/api/messages/user/${a.id}`, { token: b.token });
    expect(page.body[0].content).toBe("limpio");
  });
});

describe("limits", () => {
  test("edits have their own limit per account (30 in 10 minutes): past it 429 with a detail", async () => {
    const [a, b] = [await createQuickUser(t), await createQuickUser(t)];
    const sent = await post(a.token, `/api/messages/user/${b.id}`, { content: "v" });
    for (let i = 0; i < 30; i++) expect((await edit(a.token, sent.body.id, `v${i}`)).status).toBe(200);
    const refused = await edit(a.token, sent.body.id, "una más");
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe("You are editing messages too fast. Wait a moment and try again.");
    // Reactions and sends are counted apart.
    expect((await react(a.token, sent.body.id, "👍")).status).toBe(200);
  });
});

describe("changes on the poll", () => {
  test("changes_after returns changed older messages; X-Change-Seq and the ETag follow changes", async () => {
    const [a, b] = [await createQuickUser(t), await createQuickUser(t)];
    const path = `/api/messages/user/${a.id}`;
    const first = await post(a.token, `/api/messages/user/${b.id}`, { content: "uno" });
    const poll = await t.request("GET", path, { token: b.token });
    const seq = Number(poll.headers.get("x-change-seq"));
    const etag = poll.headers.get("etag")!;
    const idle = await t.request("GET", `${path}?after=${first.body.id}&changes_after=${seq}`, {
      token: b.token,
      headers: { "if-none-match": etag },
    });
    expect([200, 304]).toContain(idle.status);
    await react(b.token, first.body.id, "😂");
    const changed = await t.request("GET", `${path}?after=${first.body.id}&changes_after=${seq}`, {
      token: b.token,
      headers: { "if-none-match": etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toHaveLength(1);
    expect(changed.body[0]).toMatchObject({ id: first.body.id, reactions: [{ emoji: "😂", count: 1 }] });
    const newer = Number(changed.headers.get("x-change-seq"));
    expect(newer).toBeGreaterThan(seq);
    expect(changed.headers.get("etag")).not.toBe(etag);
    const caughtUp = await t.request("GET", `${path}?after=${first.body.id}&changes_after=${newer}`, {
      token: b.token,
    });
    expect(caughtUp.body).toEqual([]);
    // The delete tombstone is a change as well.
    await t.request("DELETE", `/api/messages/${first.body.id}`, { token: a.token });
    const tomb = await t.request("GET", `${path}?after=${first.body.id}&changes_after=${newer}`, {
      token: b.token,
    });
    expect(tomb.body).toEqual([expect.objectContaining({ id: first.body.id, deleted: true, content: "" })]);
  });
});
