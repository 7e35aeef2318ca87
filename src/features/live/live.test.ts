import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { type LiveClient, openLive, signedInLive } from "./live.fixtures";

setDefaultTimeout(30_000);

/** The live connection over a real socket: the protocol, who may follow what, and log-outs. */
let t: TestApp;
let base: string;
const open: LiveClient[] = [];
beforeAll(async () => {
  t = await setupTestApp();
  base = t.listen();
});
afterAll(async () => {
  for (const live of open) live.close();
  await t.close();
});

async function live(token?: string) {
  const client = token ? await signedInLive(base, token) : await openLive(base);
  open.push(client);
  return client;
}

describe("signing in", () => {
  test("a valid token gets ready, then the badge and the bell's numbers", async () => {
    const user = await t.createUser();
    const client = await live(user.token);
    expect(client.frames[0]).toEqual({ type: "ready" });
    expect(await client.next("badge")).toEqual({ type: "badge", count: 0 });
    const bell = await client.next("notice");
    expect(bell.counts.unread).toBe(0);
  });

  test("an invalid token is closed with 4401", async () => {
    const client = await live();
    client.send({ type: "auth", token: "not.a.token" });
    expect((await client.closed).code).toBe(4401);
  });

  test("auth and subscribe sent at once are handled in order", async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const client = await live();
    client.send({ type: "auth", token: b.token });
    client.send({ type: "subscribe", conversation: `user:${a.id}` });
    await client.next("subscribed");
    expect(client.frames[0]).toEqual({ type: "ready" });
  });

  test("anything before auth is closed with 4401", async () => {
    const client = await live();
    client.send({ type: "subscribe", conversation: "club:1" });
    expect((await client.closed).code).toBe(4401);
  });

  test("a socket that never authenticates is closed with 4401 after 5 s", async () => {
    const client = await live();
    const openedAt = Date.now();
    const closed = await client.closed;
    expect(closed.code).toBe(4401);
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(4900);
  });

  test("POST /logout closes that token's sockets, and only theirs", async () => {
    const user = await t.createUser();
    const login = await t.request("POST", "/login", {
      form: { username: user.username, password: user.password },
    });
    const other = login.body.access_token as string;
    const signedOut = await live(user.token);
    const stillIn = await live(other);
    expect((await t.request("POST", "/logout", { token: user.token })).status).toBeLessThan(300);
    expect((await signedOut.closed).code).toBe(4401);
    // The other device's socket still works: it is sent the next message.
    const friend = await t.createUser();
    stillIn.send({ type: "subscribe", conversation: `user:${friend.id}` });
    await stillIn.next("subscribed");
    await send(t, friend.token, `/api/messages/user/${user.id}`, "¿seguís ahí?");
    const frame = await stillIn.next("message");
    expect(frame.message.content).toBe("¿seguís ahí?");
  });
});

describe("following a conversation", () => {
  test("a non-member's subscription is refused with a detail, and nothing of it is sent", async () => {
    const owner = await t.createUser({ role: "owner" });
    const member = await t.createUser();
    const stranger = await t.createUser();
    const clubId = await insertClub(t, owner.id);
    await addMember(t, clubId, member.id);
    const client = await live(stranger.token);
    client.send({ type: "subscribe", conversation: `club:${clubId}` });
    const error = await client.next("error");
    expect(error.conversation).toBe(`club:${clubId}`);
    expect(error.detail.length).toBeGreaterThan(0);
    await send(t, member.token, `/api/messages/club/${clubId}`, "solo para miembros");
    // A later subscription of the same socket still works (a marker that the first sent nothing).
    const friend = await t.createUser();
    client.send({ type: "subscribe", conversation: `user:${friend.id}` });
    await client.next("subscribed");
    await send(t, friend.token, `/api/messages/user/${stranger.id}`, "marca");
    await client.next("message", (f) => f.message.content === "marca");
    expect(
      client.frames
        .filter((f) => f.type === "message")
        .map((f) => (f as { conversation: string }).conversation),
    ).toEqual([`user:${friend.id}`]);
  });

  test("a club message reaches a subscribed member as exactly the poll's JSON, and is read", async () => {
    const owner = await t.createUser({ role: "owner" });
    const [a, b] = [await t.createUser(), await t.createUser()];
    const clubId = await insertClub(t, owner.id);
    await addMember(t, clubId, a.id);
    await addMember(t, clubId, b.id);
    const client = await live(b.token);
    client.send({ type: "subscribe", conversation: `club:${clubId}` });
    await client.next("subscribed");
    const sent = await send(t, a.token, `/api/messages/club/${clubId}`, "¡Nos vemos el jueves!");
    expect(sent.status).toBe(201);
    const frame = await client.next("message");
    expect(frame.conversation).toBe(`club:${clubId}`);
    const poll = await t.request("GET", `/api/messages/club/${clubId}`, { token: b.token });
    expect(frame.message).toEqual(poll.body.at(-1));
    const [mark] = await t.sql<{ last_read_id: string }[]>`
      select last_read_id from conversation_reads where user_id = ${b.id} and conversation_key = ${`club:${clubId}`}`;
    expect(Number(mark?.last_read_id)).toBe(frame.message.id);
  });

  test("a member the follower blocked is not sent; a held message only to its sender", async () => {
    const owner = await t.createUser({ role: "owner" });
    const [reader, blocked, other] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const clubId = await insertClub(t, owner.id);
    for (const user of [reader, blocked, other]) await addMember(t, clubId, user.id);
    expect(
      (await t.request("PUT", `/api/blocks/${blocked.id}`, { token: reader.token })).status,
    ).toBeLessThan(300);
    await t.sql`insert into watched_words (word, match_key, action) values ('zzretenido', 'zzretenido', 'hold')
      on conflict do nothing`;
    const client = await live(reader.token);
    client.send({ type: "subscribe", conversation: `club:${clubId}` });
    await client.next("subscribed");
    const author = await live(other.token);
    author.send({ type: "subscribe", conversation: `club:${clubId}` });
    await author.next("subscribed");
    await send(t, blocked.token, `/api/messages/club/${clubId}`, "no me ves");
    const held = await send(t, other.token, `/api/messages/club/${clubId}`, "zzretenido");
    expect(held.body.pending_review).toBe(true);
    await send(t, other.token, `/api/messages/club/${clubId}`, "me ves");
    await client.next("message", (f) => f.message.content === "me ves");
    const contents = client.frames.flatMap((f) => (f.type === "message" ? [f.message.content] : []));
    expect(contents).toEqual(["me ves"]);
    // The author sees their held message (marked), as their poll does.
    await author.next("message", (f) => f.message.content === "me ves");
    const own = author.frames.flatMap((f) =>
      f.type === "message" ? [[f.message.content, f.message.pending_review]] : [],
    );
    expect(own).toEqual([
      ["no me ves", false],
      ["zzretenido", true],
      ["me ves", false],
    ]);
  });

  test("unsubscribe stops the conversation's messages", async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const client = await live(b.token);
    client.send({ type: "subscribe", conversation: `user:${a.id}` });
    await client.next("subscribed");
    await send(t, a.token, `/api/messages/user/${b.id}`, "uno");
    await client.next("message");
    client.send({ type: "unsubscribe", conversation: `user:${a.id}` });
    // Subscribing to another chat and hearing it proves the unsubscribe was handled first.
    const c = await t.createUser();
    client.send({ type: "subscribe", conversation: `user:${c.id}` });
    await client.next("subscribed", (f) => f.conversation === `user:${c.id}`);
    await send(t, a.token, `/api/messages/user/${b.id}`, "dos");
    await send(t, c.token, `/api/messages/user/${b.id}`, "tres");
    await client.next("message", (f) => f.message.content === "tres");
    const contents = client.frames.flatMap((f) => (f.type === "message" ? [f.message.content] : []));
    expect(contents).toEqual(["uno", "tres"]);
  });

  test("typing in a direct chat reaches the other person's socket", async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    await send(t, a.token, `/api/messages/user/${b.id}`, "hola");
    const sender = await live(a.token);
    const reader = await live(b.token);
    sender.send({ type: "subscribe", conversation: `user:${b.id}` });
    reader.send({ type: "subscribe", conversation: `user:${a.id}` });
    await sender.next("subscribed");
    await reader.next("subscribed");
    sender.send({ type: "typing", conversation: `user:${b.id}` });
    expect(await reader.next("typing")).toEqual({
      type: "typing",
      conversation: `user:${a.id}`,
      user_id: a.id,
    });
  });

  test("the badge follows a new direct message without a poll", async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const client = await live(b.token);
    await client.next("badge", (f) => f.count === 0);
    await send(t, a.token, `/api/messages/user/${b.id}`, "¿estás?");
    const poll = await t.request("GET", "/api/notifications", { token: b.token });
    // Within the hub's turn for one person (counts.ts, 10 s): a CI run had b read by a sweep just
    // after signing in (the NOTIFYs of the two sign-ups came late), and the message's frame then
    // waited for b's next turn, as the hub means it to.
    await client.next("badge", (f) => f.count === poll.body && f.count > 0, 15_000);
  });

  test("after their own action a `counts` frame brings the person's numbers back, with no error", async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const client = await live(b.token);
    await client.next("badge", (f) => f.count === 0);
    await send(t, a.token, `/api/messages/user/${b.id}`, "¿venís al ensayo?");
    // Within the hub's turn for one person (counts.ts, 10 s), as in the test above: a CI run had
    // b read by a sweep just after signing in (the sign-ups' NOTIFYs came late), and this frame
    // then waited for b's next turn.
    await client.next("badge", (f) => f.count === 1, 15_000);
    // b reads the chat (the poll marks it read), then asks, as the app does after such an action.
    expect((await t.request("GET", `/api/messages/user/${a.id}`, { token: b.token })).status).toBe(200);
    expect((await t.request("GET", "/api/notifications", { token: b.token })).body).toBe(0);
    client.send({ type: "counts" });
    const badges = () => client.frames.flatMap((f) => (f.type === "badge" ? [f.count] : []));
    await client.next("badge", () => badges().at(-1) === 0, 15_000);
    expect(badges()).toEqual([0, 1, 0]);
    expect(client.frames.filter((f) => f.type === "error")).toEqual([]);
  });
});

describe("changes to messages already sent", () => {
  test("a reaction reaches each follower as message_updated with their own reacted_by_me", async () => {
    const owner = await t.createUser({ role: "owner" });
    const [author, reactor, watcher] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const clubId = await insertClub(t, owner.id);
    for (const user of [author, reactor, watcher]) await addMember(t, clubId, user.id);
    const sent = await send(t, author.token, `/api/messages/club/${clubId}`, "¿Quién viene?");
    const clients = [await live(reactor.token), await live(watcher.token)];
    for (const client of clients) {
      client.send({ type: "subscribe", conversation: `club:${clubId}` });
      await client.next("subscribed");
    }
    const reacted = await t.request("POST", `/api/messages/${sent.body.id}/reactions`, {
      token: reactor.token,
      json: { emoji: "👍" },
    });
    expect(reacted.status).toBe(200);
    const [mine, theirs] = await Promise.all(
      clients.map((client) => client.next("message_updated", (f) => f.message.id === sent.body.id)),
    );
    expect(mine!.conversation).toBe(`club:${clubId}`);
    expect(mine!.message.reactions).toEqual([{ emoji: "👍", count: 1, reacted_by_me: true }]);
    expect(theirs!.message.reactions).toEqual([{ emoji: "👍", count: 1, reacted_by_me: false }]);
    // Exactly what each one's poll now shows.
    const poll = await t.request("GET", `/api/messages/club/${clubId}`, { token: watcher.token });
    expect(theirs!.message).toEqual(poll.body.at(-1));
  });

  test("a deletion reaches a direct chat's follower as a tombstone in message_updated", async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const sent = await send(t, a.token, `/api/messages/user/${b.id}`, "me equivoqué");
    const client = await live(b.token);
    client.send({ type: "subscribe", conversation: `user:${a.id}` });
    await client.next("subscribed");
    expect((await t.request("DELETE", `/api/messages/${sent.body.id}`, { token: a.token })).status).toBe(204);
    const frame = await client.next("message_updated");
    expect(frame.conversation).toBe(`user:${a.id}`);
    expect(frame.message).toMatchObject({ id: sent.body.id, deleted: true, content: "" });
  });

  test("an edit in a club reaches a follower as message_updated, once", async () => {
    const owner = await t.createUser({ role: "owner" });
    const [author, reader] = [await t.createUser(), await t.createUser()];
    const clubId = await insertClub(t, owner.id);
    for (const user of [author, reader]) await addMember(t, clubId, user.id);
    const client = await live(reader.token);
    client.send({ type: "subscribe", conversation: `club:${clubId}` });
    await client.next("subscribed");
    const sent = await send(t, author.token, `/api/messages/club/${clubId}`, "el miércoles");
    await client.next("message", (f) => f.message.id === sent.body.id);
    const edited = await t.request("PATCH", `/api/messages/${sent.body.id}`, {
      token: author.token,
      json: { content: "el jueves" },
    });
    expect(edited.status).toBe(200);
    const frame = await client.next("message_updated");
    expect(frame.message).toMatchObject({ id: sent.body.id, content: "el jueves" });
    expect(frame.message.edited_at).not.toBeNull();
    // A later message proves nothing else was sent for the edit.
    await send(t, author.token, `/api/messages/club/${clubId}`, "marca");
    await client.next("message", (f) => f.message.content === "marca");
    expect(client.frames.filter((f) => f.type === "message_updated")).toHaveLength(1);
  });
});
