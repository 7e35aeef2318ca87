import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub } from "../chat/chat.fixtures";
import { clientFrame, openRawLive, readUntilSubscribed } from "./live.fixtures";

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

test("a socket that stops reading is closed once its unsent frames pass the bound", async () => {
  const owner = await t.createUser({ role: "owner" });
  const [reader, writer] = [await t.createUser(), await t.createUser()];
  const clubId = await insertClub(t, owner.id);
  await addMember(t, clubId, reader.id);
  await addMember(t, clubId, writer.id);
  const { socket, closed } = await openRawLive(port);
  socket.write(clientFrame(JSON.stringify({ type: "auth", token: reader.token })));
  socket.write(clientFrame(JSON.stringify({ type: "subscribe", conversation: `club:${clubId}` })));
  // Read until subscribed, then never again.
  await readUntilSubscribed(socket);
  const live = t.app.decorator.live;
  expect(live.stats().sockets).toBe(1);
  const rssBefore = process.memoryUsage().rss;
  // Up to 78 MB of messages, far past the kernel's socket buffers and the 1 MiB bound, written
  // until the server closes the socket. Closed at the bound, it goes after a few MB, while the
  // chat is still being written; a socket left to the idle timeout (50 s) would outlast all of it.
  const content = "x".repeat(3900);
  let batches = 0;
  for (; batches < 200 && live.stats().sockets > 0; batches++) {
    await t.sql`insert into messages (sender_id, club_id, content)
      select ${writer.id}, ${clubId}, ${content} from generate_series(1, 100)`;
    await Bun.sleep(50);
  }
  expect(live.stats().sockets).toBe(0);
  expect(batches).toBeLessThan(200);
  socket.resume();
  await closed;
  console.log(
    `slow consumer closed; RSS change meanwhile ${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(1)} MB`,
  );
});
