import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { type LiveClient, signedInLive } from "./live.fixtures";

setDefaultTimeout(30_000);

/**
 * A club chat's frame is serialised once per distinct view (shared-frames.ts), not once per
 * follower: followers who see the same JSON get the very same text, while the per-follower rules
 * (the sender's client_id, blocks) still hold. Over real sockets.
 */
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

async function follow(token: string, conversation: string) {
  const client = await signedInLive(base, token);
  open.push(client);
  client.send({ type: "subscribe", conversation });
  await client.next("subscribed");
  return client;
}

const messageTexts = (client: LiveClient) =>
  client.texts.filter((_, i) => client.frames[i]?.type === "message");

test("followers with the same view get byte-identical frames from one serialisation; a block still holds", async () => {
  const owner = await t.createUser({ role: "owner" });
  const [sender, ana, beto, carla] = [
    await t.createUser(),
    await t.createUser(),
    await t.createUser(),
    await t.createUser(),
  ];
  const clubId = await insertClub(t, owner.id);
  for (const user of [sender, ana, beto, carla]) await addMember(t, clubId, user.id);
  expect((await t.request("PUT", `/api/blocks/${sender.id}`, { token: carla.token })).status).toBeLessThan(
    300,
  );
  const name = `club:${clubId}`;
  const [own, a, b, c] = [
    await follow(sender.token, name),
    await follow(ana.token, name),
    await follow(beto.token, name),
    await follow(carla.token, name),
  ];
  const hub = t.app.decorator.live;
  const before = hub.stats();

  const clientId = crypto.randomUUID();
  const sent = await t.request("POST", `/api/messages/club/${clubId}`, {
    token: sender.token,
    json: { content: "¿Quién llega el sábado?", client_id: clientId },
  });
  expect(sent.status).toBe(201);
  // Carla blocked the sender: she hears Ana's next message, and nothing before it.
  await send(t, ana.token, `/api/messages/club/${clubId}`, "Yo llego");
  for (const client of [own, a, b, c]) await client.next("message", (f) => f.message.content === "Yo llego");

  const [fromSenderA, fromAnaA] = messageTexts(a);
  const [fromSenderB, fromAnaB] = messageTexts(b);
  expect(fromSenderA).toBe(fromSenderB!);
  expect(JSON.parse(fromSenderA!).message.client_id).toBeNull();
  // The sender's own frame carries their client_id: a view of its own.
  const ownFrames = own.frames.flatMap((f) => (f.type === "message" ? [f.message] : []));
  expect(ownFrames.map((m) => m.client_id)).toEqual([clientId, null]);
  expect(c.frames.flatMap((f) => (f.type === "message" ? [f.message.content] : []))).toEqual(["Yo llego"]);
  // Ana's message: the same text for the sender, Beto and Carla (who blocked someone else).
  expect(messageTexts(own)[1]).toBe(fromAnaB!);
  expect(messageTexts(c)[0]).toBe(fromAnaB!);
  expect(JSON.parse(fromAnaA!).message.content).toBe("Yo llego");

  // 7 frames went out (3 of the first message, 4 of the second), from 4 serialisations: each
  // message once for its sender and once for everyone else.
  const after = hub.stats();
  expect(after.framesSent - before.framesSent).toBe(7);
  expect(after.framesSerialised - before.framesSerialised).toBe(4);
});

test("several messages read in one run reach each follower in order, written together", async () => {
  const owner = await t.createUser({ role: "owner" });
  const [writer, reader] = [await t.createUser(), await t.createUser()];
  const clubId = await insertClub(t, owner.id);
  for (const user of [writer, reader]) await addMember(t, clubId, user.id);
  const client = await follow(reader.token, `club:${clubId}`);
  const before = t.app.decorator.live.stats();
  // One statement, so one delivery run reads all three (the cork in send.ts).
  await t.sql`insert into messages (sender_id, club_id, content)
    select ${writer.id}, ${clubId}, 'parte ' || n from generate_series(1, 3) n`;
  await client.next("message", (f) => f.message.content === "parte 3");
  const contents = client.frames.flatMap((f) => (f.type === "message" ? [f.message.content] : []));
  expect(contents).toEqual(["parte 1", "parte 2", "parte 3"]);
  expect(t.app.decorator.live.stats().framesSent - before.framesSent).toBe(3);
});
