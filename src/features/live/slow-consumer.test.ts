import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { createConnection, type Socket } from "node:net";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { waitUntil } from "../../../test/wait";
import { addMember, insertClub } from "../chat/chat.fixtures";

setDefaultTimeout(120_000);

/**
 * A phone that stops reading (a tunnel, a frozen app) while its club's chat keeps going: the
 * server must close that socket once its unsent frames pass the bound (live/socket-options.ts),
 * not buffer without end. The client here is a raw TCP socket that does the WebSocket handshake
 * and then never reads again, so what the server sends piles up in its buffers.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await setupTestApp();
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  port = t.app.server!.port!;
});
afterAll(async () => {
  await t.app.stop(true);
  await t.close();
});

/** One masked client text frame (RFC 6455: clients mask what they send). */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const header =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([header, mask, payload.map((byte, i) => byte ^ mask[i % 4]!)]);
}

async function openRaw(): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = createConnection({ host: "127.0.0.1", port });
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
  socket.write(
    "GET /api/live HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
  );
  await new Promise<void>((resolve) => socket.once("data", () => resolve()));
  return { socket, closed };
}

test("a socket that stops reading is closed once its unsent frames pass the bound", async () => {
  const owner = await t.createUser({ role: "owner" });
  const [reader, writer] = [await t.createUser(), await t.createUser()];
  const clubId = await insertClub(t, owner.id);
  await addMember(t, clubId, reader.id);
  await addMember(t, clubId, writer.id);
  const { socket, closed } = await openRaw();
  socket.write(clientFrame(JSON.stringify({ type: "auth", token: reader.token })));
  socket.write(clientFrame(JSON.stringify({ type: "subscribe", conversation: `club:${clubId}` })));
  // Read until subscribed, then never again.
  await new Promise<void>((resolve) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString("latin1");
      if (seen.includes('"subscribed"')) {
        socket.off("data", onData);
        socket.pause();
        resolve();
      }
    };
    socket.on("data", onData);
  });
  const live = t.app.decorator.live;
  expect(live.stats().sockets).toBe(1);
  const rssBefore = process.memoryUsage().rss;
  // About 24 MB of messages, far past the kernel's socket buffers and the 1 MiB bound.
  const content = "x".repeat(3900);
  for (let batch = 0; batch < 60 && live.stats().sockets > 0; batch++) {
    await t.sql`insert into messages (sender_id, club_id, content)
      select ${writer.id}, ${clubId}, ${content} from generate_series(1, 100)`;
    await Bun.sleep(50);
  }
  await waitUntil("the slow socket closed by the server", () => live.stats().sockets === 0, {
    timeoutMs: 60_000,
  });
  socket.resume();
  await closed;
  console.log(
    `slow consumer closed; RSS change meanwhile ${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(1)} MB`,
  );
});
