import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { ChatMessage } from "../../../common/api/chat";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { startTcpProxy } from "../../../test/tcp-proxy";
import { waitUntil } from "../../../test/wait";
import { startLiveThread } from "./live-connection.fixtures";

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
  const { state, stop } = startLiveThread({
    url: `ws://127.0.0.1:${proxy.port}/api/live`,
    token: reader.token,
    conversation: `user:${sender.id}`,
    catchUp: async (afterId) => {
      const res = await fetch(`${base}/api/messages/user/${sender.id}?after=${afterId}`, {
        headers: { authorization: `Bearer ${reader.token}` },
      });
      return (await res.json()) as ChatMessage[];
    },
  });
  await waitUntil("following", () => state.follows === 1);
  const sent: number[] = [];
  const sendOne = async (i: number) => {
    const res = await t.request("POST", `/api/messages/user/${reader.id}`, {
      token: sender.token,
      json: { content: `mensaje ${i}` },
    });
    sent.push(res.body.id);
  };
  for (let i = 1; i <= 10; i++) await sendOne(i);
  await waitUntil("the first ten live", () => state.thread.length === 10);
  proxy.cut();
  // Sent while the socket is down or coming back: only the catch-up can bring some of them.
  for (let i = 11; i <= 20; i++) await sendOne(i);
  await waitUntil("following again", () => state.follows >= 2);
  for (let i = 21; i <= 30; i++) await sendOne(i);
  await waitUntil("all thirty", () => state.thread.length === 30, { timeoutMs: 20_000 });
  stop();
  expect(state.thread.map((message) => message.id)).toEqual(sent);
  expect(state.thread.map((message) => message.content)).toEqual(sent.map((_, i) => `mensaje ${i + 1}`));
  expect(state.statuses).toContain("down");
  expect(state.statuses.filter((status) => status === "up").length).toBeGreaterThanOrEqual(2);
  expect(state.liveMessages).toBeGreaterThanOrEqual(20);
});

test("a refused token is not retried: the connection stays down for the polls", async () => {
  const { state, stop } = startLiveThread({
    url: `ws://127.0.0.1:${proxy.port}/api/live`,
    token: "not.a.token",
    backoffMs: 10,
  });
  await waitUntil("closed", () => state.statuses.includes("down"));
  await Bun.sleep(200);
  stop();
  expect(state.statuses).toEqual(["connecting", "down"]);
});
