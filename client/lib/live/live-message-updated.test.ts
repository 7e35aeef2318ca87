import { afterAll, expect, test } from "bun:test";
import type { ChatMessage } from "../../../common/api/chat";
import { waitUntil } from "../../../test/wait";
import { createLiveConnection } from "./live-connection";

/**
 * `message_updated` frames (an edit, a tombstone, a reaction) reach the thread that follows
 * their conversation, and only it: over a real WebSocket from a small server speaking the
 * protocol's frames (the app's own sends them once the chat API changes land).
 */
const edited = { id: 7, content: "fixed", edited_at: "2026-11-28T09:00:00.000Z" } as ChatMessage;
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(request, srv) {
    return srv.upgrade(request) ? undefined : new Response("no", { status: 400 });
  },
  websocket: {
    message(ws, data) {
      const frame = JSON.parse(String(data)) as { type: string; conversation?: string };
      if (frame.type === "auth") ws.send(JSON.stringify({ type: "ready" }));
      if (frame.type === "subscribe") {
        ws.send(JSON.stringify({ type: "subscribed", conversation: frame.conversation }));
        // One for a conversation nobody follows (ignored), then the followed one's.
        ws.send(JSON.stringify({ type: "message_updated", conversation: "club:99", message: edited }));
        ws.send(
          JSON.stringify({ type: "message_updated", conversation: frame.conversation, message: edited }),
        );
      }
    },
  },
});
afterAll(() => server.stop(true));

test("a message_updated frame goes to the followed conversation's handler with the full message", async () => {
  const updates: [string, ChatMessage][] = [];
  const connection = createLiveConnection({
    url: `ws://127.0.0.1:${server.port}/api/live`,
    token: () => "token",
    handlers: {
      status: () => {},
      followed: () => {},
      refused: () => {},
      message: () => {},
      badge: () => {},
      notice: () => {},
      typing: () => {},
      updated: (conversation, message) => updates.push([conversation, message]),
    },
  });
  connection.follow("club:3");
  connection.start();
  await waitUntil("the followed conversation's update", () => updates.length > 0);
  connection.stop();
  expect(updates).toEqual([["club:3", edited]]);
});
