import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { clubWithMembers } from "./chat.fixtures";

setDefaultTimeout(60_000);

/** Issue 48's chat additions on the real database: reactions, edits and the changes on the poll. */
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

describe("reactions", () => {
  test("60 members reacting at once count 60; each sees their own reacted_by_me", async () => {
    const { clubId, members } = await clubWithMembers(t, 61);
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
    const { owner, clubId, members } = await clubWithMembers(t, 1);
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
