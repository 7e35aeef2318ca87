import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { markPairAccepted } from "../message-requests/message-requests.fixtures";
import { addMember, insertClub, send } from "./chat.fixtures";

// Signing up users hashes passwords (argon2id); leave room for a busy machine.
setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  // These tests flood one conversation on purpose to test ordering; the message rate limit
  // (tested in platform/rate-limits) is opened wide so it does not cut the flood short.
  t = await setupTestApp({ RATE_MESSAGES_PER_ACCOUNT: "100000/1m", RATE_MESSAGES_PER_ADDRESS: "100000/1m" });
});
afterAll(() => t.close());

type Message = { id: number; sender_id: number; content: string };
// Each test makes about 800 requests one after another: 2-5 s alone, 38-75 s in a CI run on a
// slower 2-core machine beside the browser tests, and over 120 s there once with more beside it.
const PER_SENDER = 200;

async function sendAll(token: string, path: string, label: string) {
  for (let i = 0; i < PER_SENDER; i++) {
    const res = await send(t, token, path, `${label}-${i}`);
    if (res.status !== 201) throw new Error(`send ${label}-${i}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** Polls like the chat screen (after cursor) until told to stop, collecting what it sees. */
async function pollUntil(token: string, path: string, done: () => boolean): Promise<Message[]> {
  const seen: Message[] = [];
  let cursor = 0;
  let finalRound = false;
  while (true) {
    const res = await t.request("GET", `${path}?after=${cursor}&limit=100`, { token });
    expect(res.status).toBe(200);
    seen.push(...res.body);
    if (res.body.length > 0) cursor = res.body[res.body.length - 1].id;
    if (res.body.length === 100) continue;
    if (finalRound) return seen;
    if (done()) finalRound = true;
    else await Bun.sleep(5);
  }
}

async function readAll(token: string, path: string): Promise<Message[]> {
  const all: Message[] = [];
  let cursor = 0;
  while (true) {
    const res = await t.request("GET", `${path}?after=${cursor}&limit=100`, { token });
    all.push(...res.body);
    if (res.body.length < 100) return all;
    cursor = res.body[res.body.length - 1].id;
  }
}

function checkOrder(messages: Message[], senders: { id: number; label: string }[]) {
  expect(messages).toHaveLength(PER_SENDER * senders.length);
  const ids = messages.map((x) => x.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (let i = 1; i < ids.length; i++) expect(ids[i]!).toBeGreaterThan(ids[i - 1]!);
  for (const sender of senders) {
    const own = messages.filter((x) => x.sender_id === sender.id).map((x) => x.content);
    expect(own).toEqual(Array.from({ length: PER_SENDER }, (_, i) => `${sender.label}-${i}`));
  }
}

describe("concurrent sending", () => {
  test("two users sending 200 messages each at once: none lost, duplicated or out of order", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    // The flood is about ordering, not message requests: the two have accepted each other, or a
    // sender whose fourth message outran the other's first reply is refused (a CI run hit it).
    await markPairAccepted(t.db, { a: a.id, b: b.id });
    let finished = false;
    const watcher = pollUntil(a.token, `/api/messages/user/${b.id}`, () => finished);
    await Promise.all([
      sendAll(a.token, `/api/messages/user/${b.id}`, "a"),
      sendAll(b.token, `/api/messages/user/${a.id}`, "b"),
    ]);
    finished = true;
    const senders = [
      { id: a.id, label: "a" },
      { id: b.id, label: "b" },
    ];
    // A poller following the `after` cursor during the burst saw every message exactly once.
    checkOrder(await watcher, senders);
    checkOrder(await readAll(b.token, `/api/messages/user/${a.id}`), senders);
    const { n } = (
      await t.sql<
        { n: number }[]
      >`select count(*)::int as n from messages where recipient_id in (${a.id}, ${b.id})`
    )[0]!;
    expect(n).toBe(2 * PER_SENDER);
  }, 240_000);

  test("two members flooding a club chat at once keep the same guarantees", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const clubId = await insertClub(t, null);
    await addMember(t, clubId, a.id);
    await addMember(t, clubId, b.id);
    const path = `/api/messages/club/${clubId}`;
    let finished = false;
    const watcher = pollUntil(b.token, path, () => finished);
    await Promise.all([sendAll(a.token, path, "a"), sendAll(b.token, path, "b")]);
    finished = true;
    const senders = [
      { id: a.id, label: "a" },
      { id: b.id, label: "b" },
    ];
    checkOrder(await watcher, senders);
    checkOrder(await readAll(a.token, path), senders);
  }, 240_000);
});
