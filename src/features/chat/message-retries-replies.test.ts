import { afterAll, beforeAll, describe, expect, setDefaultTimeout, spyOn, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { clubWithMembers } from "./chat.fixtures";
import { jsonOfView, readNewClubMessages, viewsOfClubMessages } from "./live-delivery";
import * as changeQueries from "./message-change-queries";

setDefaultTimeout(60_000);

/** Issue 48's chat additions on the real database: retries (client_id) and replies. */
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const post = (token: string, path: string, json: Json) => t.request("POST", path, { token, json });

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
    const { clubId, members } = await clubWithMembers(t, 1);
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

  test("a retry that a rule refuses now (the sender muted since) still answers the stored message", async () => {
    const [a, b] = [await createQuickUser(t), await createQuickUser(t)];
    const clientId = crypto.randomUUID();
    const path = `/api/messages/user/${b.id}`;
    const first = await post(a.token, path, { content: "antes del silencio", client_id: clientId });
    expect(first.status).toBe(201);
    await t.sql`update users set mute_until = now() + interval '1 hour' where id = ${a.id}`;
    const again = await post(a.token, path, { content: "antes del silencio", client_id: clientId });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    // A new message (another client_id) is refused as any muted send is.
    const other = await post(a.token, path, { content: "otro", client_id: crypto.randomUUID() });
    expect(other.status).toBe(403);
    expect(other.body.detail).toStartWith("You are muted until ");
  });

  test("a first send with a client_id does not look for a stored one first; a retry does, once", async () => {
    const { clubId, members } = await clubWithMembers(t, 1);
    const lookups = spyOn(changeQueries, "findSentByClientId");
    try {
      const clientId = crypto.randomUUID();
      const path = `/api/messages/club/${clubId}`;
      expect((await post(members[0]!.token, path, { content: "uno", client_id: clientId })).status).toBe(201);
      expect(lookups).toHaveBeenCalledTimes(0);
      expect((await post(members[0]!.token, path, { content: "uno", client_id: clientId })).status).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
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
    const { clubId, members } = await clubWithMembers(t, 2);
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
    const { clubId, members } = await clubWithMembers(t, 3);
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
