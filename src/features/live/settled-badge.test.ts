import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { waitUntil } from "../../../test/wait";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { type LiveClient, signedInLive } from "./live.fixtures";

// A person read lately waits up to 10 s for their next read (counts.ts PERSON_EVERY_MS).
setDefaultTimeout(60_000);

/**
 * The badge of a follower settled in a club chat (counts.ts): the chat's own messages and the
 * read marks their delivery moves no longer make the hub read the follower's numbers, so what
 * must still reach the badge is everything else that arrives beside them. Over real sockets.
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

async function badgeOf(token: string): Promise<number> {
  return (await t.request("GET", "/api/notifications", { token })).body;
}

test("a direct message and a notice arriving in the same second as a live club delivery still reach the badge", async () => {
  const owner = await t.createUser({ role: "owner" });
  const [sender, follower, friend] = [await t.createUser(), await t.createUser(), await t.createUser()];
  const clubId = await insertClub(t, owner.id);
  for (const user of [sender, follower]) await addMember(t, clubId, user.id);
  const client = await signedInLive(base, follower.token);
  open.push(client);
  await client.next("badge", (frame) => frame.count === 0);
  client.send({ type: "subscribe", conversation: `club:${clubId}` });
  await client.next("subscribed");

  // The first delivery settles the chat: from then on it is left out of the badge's statement.
  const first = await send(t, sender.token, `/api/messages/club/${clubId}`, "Reunión el jueves");
  await client.next("message", (frame) => frame.message.id === first.body.id);
  await waitUntil("the first delivery marked read", async () => (await badgeOf(follower.token)) === 0);

  // In the same second: a club message (delivered and marked read live), a direct message and
  // a notice the badge counts (an owner accepted the follower's request to another club).
  const otherClub = await insertClub(t, null, "Club de Ajedrez");
  const [club, direct] = await Promise.all([
    send(t, sender.token, `/api/messages/club/${clubId}`, "Traigan el afiche"),
    send(t, friend.token, `/api/messages/user/${follower.id}`, "¿Venís?"),
    t.sql`insert into user_notices (user_id, kind, club_id) values (${follower.id}, 'request_accepted', ${otherClub})`,
  ]);
  expect(club.status).toBe(201);
  expect(direct.status).toBe(201);
  await client.next("message", (frame) => frame.message.id === club.body.id);
  await waitUntil("the poll's badge counts the direct message and the notice", async () => {
    return (await badgeOf(follower.token)) === 2;
  });
  await client.next("badge", (frame) => frame.count === 2, 30_000);

  // Nothing else moves it: more of the chat's messages send no badge frame.
  const badges = client.frames.filter((frame) => frame.type === "badge").length;
  for (const text of ["¿A qué hora?", "A las cuatro"]) {
    const sent = await send(t, sender.token, `/api/messages/club/${clubId}`, text);
    await client.next("message", (frame) => frame.message.id === sent.body.id);
  }
  // The frame goes out just before the delivery marks it read: the poll agrees once it has.
  await waitUntil("the poll's badge back at 2", async () => (await badgeOf(follower.token)) === 2);
  // A later direct message is the witness that the hub heard everything sent before it.
  const last = await send(t, friend.token, `/api/messages/user/${follower.id}`, "¿Y?");
  expect(last.status).toBe(201);
  await client.next("badge", (frame) => frame.count === 3, 30_000);
  expect(client.frames.filter((frame) => frame.type === "badge").length).toBe(badges + 1);
});
