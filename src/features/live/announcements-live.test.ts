import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { type LiveClient, signedInLive } from "./live.fixtures";

setDefaultTimeout(30_000);

/** A club's Avisos channel on the live connection (`announcements:<id>`), over a real socket. */
let t: TestApp;
let base: string;
const open: LiveClient[] = [];
beforeAll(async () => {
  t = await setupTestApp();
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${t.app.server?.port}`;
});
afterAll(async () => {
  for (const live of open) live.close();
  await t.app.stop(true);
  await t.close();
});

async function live(token: string) {
  const client = await signedInLive(base, token);
  open.push(client);
  return client;
}

describe("announcements:<id>", () => {
  test("a member's socket gets each new aviso and its reaction changes, never the club chat's messages", async () => {
    const owner = await t.createUser({ role: "owner" });
    const member = await t.createUser();
    const other = await t.createUser();
    const clubId = await insertClub(t, owner.id);
    await addMember(t, clubId, member.id);
    await addMember(t, clubId, other.id);
    const conversation = `announcements:${clubId}`;
    const client = await live(member.token);
    client.send({ type: "subscribe", conversation });
    await client.next("subscribed", (frame) => frame.conversation === conversation);

    await send(t, other.token, `/api/messages/club/${clubId}`, "charla del chat");
    const sent = await send(t, owner.token, `/api/messages/club/${clubId}/announcements`, "Ensayo a las 4");
    expect(sent.status).toBe(201);
    const frame = await client.next("message", (f) => f.conversation === conversation);
    expect(frame.message).toMatchObject({ id: sent.body.id, content: "Ensayo a las 4", sender_id: owner.id });

    await t.request("POST", `/api/messages/${sent.body.id}/reactions`, {
      token: other.token,
      json: { emoji: "🙏" },
    });
    const updated = await client.next("message_updated", (f) => f.conversation === conversation);
    expect(updated.message.reactions).toEqual([{ emoji: "🙏", count: 1, reacted_by_me: false }]);
    const messages = client.frames.filter((f) => f.type === "message");
    expect(messages.map((f) => (f.type === "message" ? f.message.content : ""))).toEqual(["Ensayo a las 4"]);

    // Receiving it live reads it, as the poll would: no unread count left.
    const list = await t.request("GET", "/api/messages/conversations", { token: member.token });
    const row = list.body.find(
      (r: { type: string; id: number }) => r.type === "announcements" && r.id === clubId,
    );
    expect(row.unread_count).toBe(0);
  });

  test("the owner follows Avisos live although the club chat refuses them", async () => {
    const owner = await t.createUser({ role: "owner" });
    const member = await t.createUser();
    const clubId = await insertClub(t, owner.id);
    await addMember(t, clubId, member.id);
    const client = await live(owner.token);
    client.send({ type: "subscribe", conversation: `club:${clubId}` });
    client.send({ type: "subscribe", conversation: `announcements:${clubId}` });
    const refused = await client.next("error", (f) => f.conversation === `club:${clubId}`);
    expect(refused.detail).toBe("Club owners do not see the club chat.");
    await client.next("subscribed", (f) => f.conversation === `announcements:${clubId}`);
  });

  test("a non-member's subscription gets an error and nothing else from the channel", async () => {
    const owner = await t.createUser({ role: "owner" });
    const stranger = await t.createUser();
    const clubId = await insertClub(t, owner.id);
    const conversation = `announcements:${clubId}`;
    const client = await live(stranger.token);
    client.send({ type: "subscribe", conversation });
    const error = await client.next("error", (f) => f.conversation === conversation);
    expect(error.detail).toBe("Join this club to chat with it.");
    await send(t, owner.token, `/api/messages/club/${clubId}/announcements`, "Solo miembros");
    // A ping's pong comes after anything the server had queued for this socket.
    client.send({ type: "ping" });
    await client.next("pong");
    expect(client.frames.some((f) => f.type === "message")).toBe(false);
  });
});
