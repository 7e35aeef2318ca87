import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { ChatMessage } from "../../../common/api/chat";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { startTcpProxy } from "../../../test/tcp-proxy";
import { waitUntil } from "../../../test/wait";
import { mergeMessages } from "../../routes/chat/-lib/chat-fetch";
import { createLiveConnection, type LiveStatus } from "./live-connection";

setDefaultTimeout(60_000);

/**
 * The browser's live connection against the real server, through a TCP proxy the test cuts in
 * the middle of a conversation: it reconnects, follows again, and its catch-up through the REST
 * API (`?after=`, as the chat thread does on `followed`) leaves every message once and in order.
 */
let t: TestApp;
let base: string;
let proxy: ReturnType<typeof startTcpProxy>;
beforeAll(async () => {
  t = await setupTestApp();
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${t.app.server?.port}`;
  proxy = startTcpProxy({ hostname: "127.0.0.1", port: t.app.server!.port! });
});
afterAll(async () => {
  proxy?.stop();
  await t.app.stop(true);
  await t.close();
});

test("a dropped socket reconnects and the catch-up sees every message once and in order", async () => {
  const [sender, reader] = [await t.createUser(), await t.createUser()];
  // Club-mates write freely (strangers' messages stop at three until accepted).
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description) values ('Club de Ajedrez', 'Un club') returning id`;
  await t.sql`insert into club_members (club_id, user_id) values (${club!.id}, ${sender.id}), (${club!.id}, ${reader.id})`;
  const conversation = `user:${sender.id}`;
  let thread: ChatMessage[] = [];
  const lastId = () => thread.at(-1)?.id ?? 0;
  const statuses: LiveStatus[] = [];
  let follows = 0;
  let liveMessages = 0;
  const catchUp = async () => {
    const res = await fetch(`${base}/api/messages/user/${sender.id}?after=${lastId()}`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    thread = mergeMessages(thread, (await res.json()) as ChatMessage[]);
  };
  const connection = createLiveConnection({
    url: `ws://127.0.0.1:${proxy.port}/api/live`,
    token: () => reader.token,
    backoff: () => 50,
    handlers: {
      status: (status) => statuses.push(status),
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
  connection.follow(conversation);
  connection.start();
  await waitUntil("following", () => follows === 1);
  const sent: number[] = [];
  const sendOne = async (i: number) => {
    const res = await t.request("POST", `/api/messages/user/${reader.id}`, {
      token: sender.token,
      json: { content: `mensaje ${i}` },
    });
    sent.push(res.body.id);
  };
  for (let i = 1; i <= 10; i++) await sendOne(i);
  await waitUntil("the first ten live", () => thread.length === 10);
  proxy.cut();
  // Sent while the socket is down or coming back: only the catch-up can bring some of them.
  for (let i = 11; i <= 20; i++) await sendOne(i);
  await waitUntil("following again", () => follows >= 2);
  for (let i = 21; i <= 30; i++) await sendOne(i);
  await waitUntil("all thirty", () => thread.length === 30, { timeoutMs: 20_000 });
  connection.stop();
  expect(thread.map((message) => message.id)).toEqual(sent);
  expect(thread.map((message) => message.content)).toEqual(sent.map((_, i) => `mensaje ${i + 1}`));
  expect(statuses).toContain("down");
  expect(statuses.filter((status) => status === "up").length).toBeGreaterThanOrEqual(2);
  expect(liveMessages).toBeGreaterThanOrEqual(20);
});

test("a refused token is not retried: the connection stays down for the polls", async () => {
  const statuses: LiveStatus[] = [];
  const connection = createLiveConnection({
    url: `ws://127.0.0.1:${proxy.port}/api/live`,
    token: () => "not.a.token",
    backoff: () => 10,
    handlers: {
      status: (status) => statuses.push(status),
      followed: () => {},
      message: () => {},
      refused: () => {},
      badge: () => {},
      notice: () => {},
      typing: () => {},
    },
  });
  connection.start();
  await waitUntil("closed", () => statuses.includes("down"));
  await Bun.sleep(200);
  connection.stop();
  expect(statuses).toEqual(["connecting", "down"]);
});
