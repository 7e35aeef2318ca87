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
 * message still reaches its follower. And the read marks a delivery moves are written behind it
 * (read-marks.ts): a mark write that waits does not hold up the chat's next message.
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

/** A club with a writer and a reader whose socket follows its chat. */
async function readerFollowingAClub() {
  const owner = await t.createUser({ role: "owner" });
  const [writer, reader] = [await t.createUser(), await t.createUser()];
  const clubId = await insertClub(t, owner.id);
  for (const user of [writer, reader]) await addMember(t, clubId, user.id);
  const live = await signedInLive(base, reader.token);
  live.send({ type: "subscribe", conversation: `club:${clubId}` });
  await live.next("subscribed");
  return { writer, reader, clubId, live };
}

test("a message reaches a live follower while every connection of the requests' pool is busy", async () => {
  const { writer, clubId, live } = await readerFollowingAClub();

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

test("a read mark write held by a lock does not hold up the chat's next message; the mark catches up", async () => {
  const { writer, reader, clubId, live } = await readerFollowingAClub();
  const outside = postgres(t.deps.config.DATABASE_URL!, { max: 2, onnotice: () => {} });
  const markOf = async () => {
    const [row] = await outside<{ last_read_id: string }[]>`select last_read_id from conversation_reads
      where user_id = ${reader.id} and conversation_key = ${`club:${clubId}`}`;
    return Number(row?.last_read_id ?? 0);
  };
  const send = async (content: string) => {
    const [row] = await outside<{ id: string }[]>`insert into messages (sender_id, club_id, content)
      values (${writer.id}, ${clubId}, ${content}) returning id`;
    return Number(row!.id);
  };
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let lock: Promise<unknown> | null = null;
  try {
    const first = await send("uno");
    await live.next("message", (f) => f.message.id === first);
    await waitUntil("the first read mark", async () => (await markOf()) === first);
    // Another session holds the reader's mark: the delivery's next write of it waits.
    let locked = false;
    lock = outside.begin(async (tx) => {
      await tx`select 1 from conversation_reads where user_id = ${reader.id}
        and conversation_key = ${`club:${clubId}`} for update`;
      locked = true;
      await released;
    });
    await waitUntil("the mark to be locked", () => locked);
    const second = await send("dos");
    await live.next("message", (f) => f.message.id === second);
    const third = await send("tres");
    const frame = await live.next("message", (f) => f.message.id === third, 15_000);
    expect(frame.message.content).toBe("tres");
    expect(await markOf()).toBe(first);
    release();
    await lock;
    await waitUntil("the mark to catch up", async () => (await markOf()) === third);
  } finally {
    release();
    await lock?.catch(() => {});
    await outside.end();
    live.close();
  }
});
