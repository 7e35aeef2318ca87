import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { ChatMessage } from "../../../common/api/chat";
import {
  type AppProcess,
  createTestDatabase,
  insertClubWithMembers,
  killAll,
  startAppProcess,
  TEST_JWT_SECRET,
} from "../../../test/app-process";
import { signUpOverHttp } from "../../../test/http-account";
import { startTcpProxy } from "../../../test/tcp-proxy";
import { waitUntil } from "../../../test/wait";
import { mergeMessages } from "../../routes/chat/-lib/chat-fetch";
import { createLiveConnection } from "./live-connection";

// Real processes on a shared 2-core machine: generous time limits.
setDefaultTimeout(120_000);

/**
 * The browser's live connection across two replicas on one database, as Kubernetes runs them:
 * the reader's socket is held by process B (through a TCP proxy the test cuts mid-conversation),
 * the club's messages are sent through process A, and the catch-up asks A's REST API
 * (`?after=`, as the chat thread does on `followed`). Every message arrives once and in order.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: AppProcess;
let b: AppProcess;
let proxy: ReturnType<typeof startTcpProxy>;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = {
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: "warn",
    RATE_MESSAGES_PER_ACCOUNT: "1000/1h",
    RATE_MESSAGES_PER_ADDRESS: "1000/1h",
  };
  // The first start migrates; the second joins the migrated database.
  a = await startAppProcess({ env });
  b = await startAppProcess({ env });
  proxy = startTcpProxy({ hostname: "127.0.0.1", port: Number(new URL(b.url).port) });
});
afterAll(async () => {
  proxy?.stop();
  await killAll();
  await database?.drop();
});

test("a socket on process B dropped mid-conversation reconnects; with the catch-up through A, every message of A's once and in order", async () => {
  const sender = await signUpOverHttp(a.url, "remitente_replicas");
  const reader = await signUpOverHttp(b.url, "lectora_replicas");
  const clubId = await insertClubWithMembers(database.url, "Club de Debate", [sender.id, reader.id]);
  const path = `/api/messages/club/${clubId}`;
  let thread: ChatMessage[] = [];
  let follows = 0;
  let liveMessages = 0;
  const catchUp = async () => {
    const res = await fetch(`${a.url}${path}?after=${thread.at(-1)?.id ?? 0}`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    thread = mergeMessages(thread, (await res.json()) as ChatMessage[]);
  };
  const connection = createLiveConnection({
    url: `ws://127.0.0.1:${proxy.port}/api/live`,
    token: () => reader.token,
    backoff: () => 50,
    handlers: {
      status: () => {},
      followed: () => {
        follows += 1;
        void catchUp();
      },
      message: (_name, message) => {
        liveMessages += 1;
        thread = mergeMessages(thread, [message]);
      },
      refused: () => {},
      badge: () => {},
      notice: () => {},
      typing: () => {},
    },
  });
  connection.follow(`club:${clubId}`);
  connection.start();
  await waitUntil("following", () => follows === 1);
  const sent: number[] = [];
  const sendOne = async (i: number) => {
    const res = await fetch(`${a.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${sender.token}`, "content-type": "application/json" },
      body: JSON.stringify({ content: `mensaje ${i}` }),
    });
    expect(res.status).toBe(201);
    sent.push(((await res.json()) as { id: number }).id);
  };
  for (let i = 1; i <= 10; i++) await sendOne(i);
  await waitUntil("the first ten live, through B", () => thread.length === 10, { timeoutMs: 20_000 });
  proxy.cut();
  // Sent while the socket is down or coming back: only the catch-up can bring some of them.
  for (let i = 11; i <= 20; i++) await sendOne(i);
  await waitUntil("following again", () => follows >= 2, { timeoutMs: 20_000 });
  for (let i = 21; i <= 30; i++) await sendOne(i);
  await waitUntil("all thirty", () => thread.length === 30, { timeoutMs: 30_000 });
  connection.stop();
  expect(thread.map((message) => message.id)).toEqual(sent);
  expect(thread.map((message) => message.content)).toEqual(sent.map((_, i) => `mensaje ${i + 1}`));
  // The first ten and the last ten at least came live from B, not from the catch-up.
  expect(liveMessages).toBeGreaterThanOrEqual(20);
});
