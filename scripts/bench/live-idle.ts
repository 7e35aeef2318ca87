/**
 * What an open chat left idle costs on the wire, live against polling (scripts/bench/live.ts).
 * Both run at once for the same minutes, each through its own counting TCP proxy in front of the
 * app, so they see the same server:
 * - live: the browser's own client (client/lib/live/live-connection.ts: auth, subscribe, its
 *   `ping` frame every 25 s) over one WebSocket; the server's own pings (Bun, before 50 s of
 *   silence) and their pongs are in the count;
 * - polling: the spec's polls as the app makes them without a socket: the chat (`?after=` with
 *   If-None-Match) every 2 s, the badge and the bell every 10 s (with their ETags), over
 *   keep-alive connections.
 * Counted: every byte of TCP payload either way (HTTP requests and answers with their headers,
 * the WebSocket handshake, frames with their headers and the client's masks). Not visible to a
 * proxy: the TCP/IP headers, estimated as 52 bytes (IPv4 20 + TCP 32 with timestamps) per read,
 * twice (the segment and its ACK), plus 7 segments per connection (handshake and close).
 */
import { createLiveConnection } from "../../client/lib/live/live-connection";
import { startTcpProxy } from "../../test/tcp-proxy";

/** Headers a phone's Chrome sends with each poll and the WebSocket upgrade (cookies aside). */
const BROWSER_HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  accept: "*/*",
  "accept-language": "es-NI,es;q=0.9,en;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
  origin: "https://clubnica.example",
};

const HEADER_BYTES = 52;
const SEGMENTS_PER_CONNECTION = 7;

export type WireCount = { payload: number; reads: number; connections: number; estimated: number };

function countOf(proxy: ReturnType<typeof startTcpProxy>): WireCount {
  const payload = proxy.bytes();
  const reads = proxy.reads();
  const connections = proxy.connections();
  const estimated = payload + reads * 2 * HEADER_BYTES + connections * SEGMENTS_PER_CONNECTION * HEADER_BYTES;
  return { payload, reads, connections, estimated };
}

class BrowserLikeWebSocket extends WebSocket {
  constructor(url: string | URL) {
    // Bun's WebSocket takes headers (a browser sends these with the upgrade by itself).
    super(url, { headers: BROWSER_HEADERS } as unknown as string[]);
  }
}

export async function measureIdleChat({
  port,
  token,
  clubId,
  newestId,
  seconds,
}: {
  port: number;
  token: string;
  clubId: number;
  newestId: number;
  seconds: number;
}): Promise<{ live: WireCount; polling: WireCount; liveFrames: Record<string, number> }> {
  const target = { hostname: "127.0.0.1", port };
  const liveProxy = startTcpProxy(target, { count: true });
  const pollProxy = startTcpProxy(target, { count: true });
  const liveFrames: Record<string, number> = {};
  const tally = (type: string) => {
    liveFrames[type] = (liveFrames[type] ?? 0) + 1;
  };
  let followed: () => void = () => {};
  const following = new Promise<void>((resolve) => {
    followed = resolve;
  });
  const live = createLiveConnection({
    url: `ws://127.0.0.1:${liveProxy.port}/api/live`,
    token: () => token,
    WebSocketImpl: BrowserLikeWebSocket as unknown as typeof WebSocket,
    handlers: {
      message: () => tally("message"),
      updated: () => tally("message_updated"),
      followed: () => followed(),
      refused: () => tally("error"),
      badge: () => tally("badge"),
      notice: () => tally("notice"),
      typing: () => tally("typing"),
      read: () => tally("read"),
      status: (status) => tally(`status:${status}`),
    },
  });
  live.follow(`club:${clubId}`);
  live.start();
  await following;

  const base = `http://127.0.0.1:${pollProxy.port}`;
  const tags = new Map<string, string>();
  const poll = async (path: string) => {
    const headers: Record<string, string> = { ...BROWSER_HEADERS, authorization: `Bearer ${token}` };
    const tag = tags.get(path);
    if (tag) headers["if-none-match"] = tag;
    const res = await fetch(base + path, { headers });
    const etag = res.headers.get("etag");
    if (etag) tags.set(path, etag);
    await res.arrayBuffer();
  };
  const chatPath = `/api/messages/club/${clubId}?after=${newestId}&limit=50`;
  const pollAll = () =>
    Promise.all([poll(chatPath), poll("/api/notifications"), poll("/api/notifications/notices/count")]);
  // The chat is already open on both sides when counting starts: the socket is following and
  // each poll has its ETag.
  await pollAll();
  await Bun.sleep(1000);
  liveProxy.resetCount();
  pollProxy.resetCount();

  const started = Date.now();
  for (let tick = 0; Date.now() - started < seconds * 1000; tick++) {
    if (tick % 5 === 0) await pollAll();
    else await poll(chatPath);
    const next = started + (tick + 1) * 2000;
    await Bun.sleep(Math.max(0, next - Date.now()));
  }
  const result = { live: countOf(liveProxy), polling: countOf(pollProxy), liveFrames };
  live.stop();
  liveProxy.stop();
  pollProxy.stop();
  return result;
}
