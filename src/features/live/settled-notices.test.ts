import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { waitUntil } from "../../../test/wait";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import type { LiveHub } from "./hub";
import { type LiveClient, signedInLive } from "./live.fixtures";

setDefaultTimeout(60_000);

/**
 * A club chat's notice (notices' upsertChatNotices) skips the members this process follows the
 * chat for live, settled (Following.settled): the message's delivery moves their read mark, so
 * they are in the chat, as a poller whose mark moved within 10 s is, and their bell did not need
 * the notice it then read at once. Everyone else's notice comes as before. Over a real socket;
 * the chat made quiet (marks older than 10 s) by hand instead of waiting.
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

const noticeRows = async (userId: number, key: string) =>
  (
    await t.sql<{ count: number; read: boolean }[]>`select count, read_at is not null as read
      from user_notices where user_id = ${userId} and conversation_key = ${key} order by id`
  ).map((row) => ({ ...row }));

test("a message to a quiet club chat gives its settled live followers no notice, and everyone else theirs", async () => {
  const owner = await t.createUser({ role: "owner" });
  const [sender, follower, poller] = [await t.createUser(), await t.createUser(), await t.createUser()];
  const clubId = await insertClub(t, owner.id);
  const key = `club:${clubId}`;
  for (const user of [sender, follower, poller]) await addMember(t, clubId, user.id);
  const client = await signedInLive(base, follower.token);
  open.push(client);
  client.send({ type: "subscribe", conversation: key });
  await client.next("subscribed");
  const hub = (t.app.decorator as { live: LiveHub }).live;

  // The first delivery settles the chat for the follower.
  const first = await send(t, sender.token, `/api/messages/club/${clubId}`, "Reunión el jueves");
  await client.next("message", (frame) => frame.message.id === first.body.id);
  await waitUntil("the follower settled", () => hub.settledReaders(clubId).includes(follower.id));
  // Its read marks (and the notice they read) are written behind the delivery (read-marks.ts).
  await hub.marksWritten();

  // Quiet for a minute: nobody counts as present by their read mark.
  await t.sql`update conversation_reads set updated_at = now() - interval '1 minute' where conversation_key = ${key}`;
  const followerBefore = await noticeRows(follower.id, key);
  const pollerBefore = await noticeRows(poller.id, key);

  const second = await send(t, sender.token, `/api/messages/club/${clubId}`, "Traigan el afiche");
  expect(second.status).toBe(201);
  await client.next("message", (frame) => frame.message.id === second.body.id);

  // The follower: no notice for it (before, one was made and read by the delivery at once).
  expect(await noticeRows(follower.id, key)).toEqual(followerBefore);
  // The member who is not live: their notice grows as always.
  const pollerAfter = await noticeRows(poller.id, key);
  expect(pollerAfter.filter((row) => !row.read).map((row) => row.count)).toEqual([
    (pollerBefore.find((row) => !row.read)?.count ?? 0) + 1,
  ]);
});

test("a member who subscribes to a club chat read to its end is settled at once; one with unread messages only by a delivery", async () => {
  const owner = await t.createUser({ role: "owner" });
  const [sender, reader, behind] = [await t.createUser(), await t.createUser(), await t.createUser()];
  const clubId = await insertClub(t, owner.id);
  const key = `club:${clubId}`;
  for (const user of [sender, reader, behind]) await addMember(t, clubId, user.id);
  await send(t, sender.token, `/api/messages/club/${clubId}`, "¿Quién trae el parlante?");
  // `reader` opened the chat (the poll marks it read); `behind` did not.
  const read = await fetch(`${base}/api/messages/club/${clubId}`, {
    headers: { authorization: `Bearer ${reader.token}` },
  });
  expect(read.status).toBe(200);
  const hub = (t.app.decorator as { live: LiveHub }).live;
  const clients = [await signedInLive(base, reader.token), await signedInLive(base, behind.token)];
  open.push(...clients);
  for (const client of clients) {
    client.send({ type: "subscribe", conversation: key });
    await client.next("subscribed");
  }
  expect(hub.settledReaders(clubId)).toEqual([reader.id]);

  // Quiet for a minute, then the chat's next message: no notice for the one settled at once.
  await t.sql`update conversation_reads set updated_at = now() - interval '1 minute' where conversation_key = ${key}`;
  const readerBefore = await noticeRows(reader.id, key);
  const behindBefore = await noticeRows(behind.id, key);
  const next = await send(t, sender.token, `/api/messages/club/${clubId}`, "Yo lo traigo");
  for (const client of clients) await client.next("message", (frame) => frame.message.id === next.body.id);
  expect(await noticeRows(reader.id, key)).toEqual(readerBefore);
  // The one behind was not settled when it was sent: their notice was written (as before).
  expect(await noticeRows(behind.id, key)).not.toEqual(behindBefore);
  await waitUntil("the delivery to settle the one behind", () =>
    hub.settledReaders(clubId).includes(behind.id),
  );
});
