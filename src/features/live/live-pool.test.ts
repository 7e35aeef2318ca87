import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { sql as drizzleSql } from "drizzle-orm";
import postgres from "postgres";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { waitUntil } from "../../../test/wait";
import { addMember, insertClub } from "../chat/chat.fixtures";
import { signedInLive } from "./live.fixtures";

setDefaultTimeout(60_000);

/**
 * The live connection reads and marks through a pool of its own (connectAppDatabase): a club of
 * thousands of followers costs each message statements that, on the requests' pool, made every
 * request wait for a connection. Here every connection of the requests' pool is held, and a
 * message still reaches its follower.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await setupTestApp();
  base = t.listen();
});
afterAll(async () => {
  await t.close();
});

test("a message reaches a live follower while every connection of the requests' pool is busy", async () => {
  const owner = await t.createUser({ role: "owner" });
  const [writer, reader] = [await t.createUser(), await t.createUser()];
  const clubId = await insertClub(t, owner.id);
  for (const user of [writer, reader]) await addMember(t, clubId, user.id);
  const live = await signedInLive(base, reader.token);
  live.send({ type: "subscribe", conversation: `club:${clubId}` });
  await live.next("subscribed");

  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = 0;
  const holders = Array.from({ length: 10 }, () =>
    t.deps.db.transaction(async (tx) => {
      await tx.execute(drizzleSql`select 1`);
      holding++;
      await released;
    }),
  );
  const outside = postgres(t.deps.config.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    await waitUntil("the requests' pool to be held", () => holding === 10);
    await outside`insert into messages (sender_id, club_id, content)
      values (${writer.id}, ${clubId}, 'por la otra puerta')`;
    const frame = await live.next("message", (f) => f.message.content === "por la otra puerta", 15_000);
    expect(frame.message.sender_id).toBe(writer.id);
  } finally {
    release();
    await Promise.all(holders);
    await outside.end();
    live.close();
  }
});
