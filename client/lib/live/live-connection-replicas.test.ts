import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { ChatMessage } from "../../../common/api/chat";
import { type AppProcess, insertClubWithMembers, startReplicas } from "../../../test/app-process";
import { signUpOverHttp } from "../../../test/http-account";
import { startTcpProxy } from "../../../test/tcp-proxy";
import { waitUntil } from "../../../test/wait";
import { startLiveThread } from "./live-connection.fixtures";

// Real processes on a shared 2-core machine: generous time limits.
setDefaultTimeout(120_000);

/**
 * The browser's live connection across two replicas on one database, as Kubernetes runs them:
 * the reader's socket is held by process B (through a TCP proxy the test cuts mid-conversation),
 * the club's messages are sent through process A, and the catch-up asks A's REST API
 * (`?after=`, as the chat thread does on `followed`). Every message arrives once and in order.
 */
let replicas: Awaited<ReturnType<typeof startReplicas>>;
let a: AppProcess;
let b: AppProcess;
let proxy: ReturnType<typeof startTcpProxy>;

beforeAll(async () => {
  replicas = await startReplicas({
    RATE_MESSAGES_PER_ACCOUNT: "1000/1h",
    RATE_MESSAGES_PER_ADDRESS: "1000/1h",
  });
  ({ a, b } = replicas);
  proxy = startTcpProxy({ hostname: "127.0.0.1", port: Number(new URL(b.url).port) });
});
afterAll(async () => {
  proxy?.stop();
  await replicas?.stop();
});

test("a socket on process B dropped mid-conversation reconnects; with the catch-up through A, every message of A's once and in order", async () => {
  const sender = await signUpOverHttp(a.url, "remitente_replicas");
  const reader = await signUpOverHttp(b.url, "lectora_replicas");
  const clubId = await insertClubWithMembers(replicas.database.url, "Club de Debate", [sender.id, reader.id]);
  const path = `/api/messages/club/${clubId}`;
  const { state, stop } = startLiveThread({
    url: `ws://127.0.0.1:${proxy.port}/api/live`,
    token: reader.token,
    conversation: `club:${clubId}`,
    catchUp: async (afterId) => {
      const res = await fetch(`${a.url}${path}?after=${afterId}`, {
        headers: { authorization: `Bearer ${reader.token}` },
      });
      return (await res.json()) as ChatMessage[];
    },
  });
  await waitUntil("following", () => state.follows === 1);
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
  await waitUntil("the first ten live, through B", () => state.thread.length === 10, { timeoutMs: 20_000 });
  proxy.cut();
  // Sent while the socket is down or coming back: only the catch-up can bring some of them.
  for (let i = 11; i <= 20; i++) await sendOne(i);
  await waitUntil("following again", () => state.follows >= 2, { timeoutMs: 20_000 });
  for (let i = 21; i <= 30; i++) await sendOne(i);
  await waitUntil("all thirty", () => state.thread.length === 30, { timeoutMs: 30_000 });
  stop();
  expect(state.thread.map((message) => message.id)).toEqual(sent);
  expect(state.thread.map((message) => message.content)).toEqual(sent.map((_, i) => `mensaje ${i + 1}`));
  // The first ten and the last ten at least came live from B, not from the catch-up.
  expect(state.liveMessages).toBeGreaterThanOrEqual(20);
});
