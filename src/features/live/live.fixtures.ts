import { createConnection, type Socket } from "node:net";
import type { LiveServerMessage } from "../../../common/api/live";

/**
 * A live connection as a test drives it: a real WebSocket to a listening server, every frame
 * kept in order, and the close code once it closes.
 */
export type LiveClient = {
  frames: LiveServerMessage[];
  /** The same frames as the server sent them (the text, byte for byte). */
  texts: string[];
  send(frame: unknown): void;
  /** Resolves with the first kept-or-coming frame that matches (frames are never consumed). */
  next<T extends LiveServerMessage["type"]>(
    type: T,
    match?: (frame: Extract<LiveServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<LiveServerMessage, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
};

export async function openLive(base: string): Promise<LiveClient> {
  const socket = new WebSocket(`${base.replace(/^http/, "ws")}/api/live`);
  const frames: LiveServerMessage[] = [];
  const texts: string[] = [];
  const waiters = new Set<() => void>();
  socket.addEventListener("message", (event) => {
    texts.push(String(event.data));
    frames.push(JSON.parse(String(event.data)));
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener("close", (event) => {
      resolve({ code: event.code, reason: event.reason });
      for (const wake of waiters) wake();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("live socket did not open")), { once: true });
  });
  return {
    frames,
    texts,
    send: (frame) => socket.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    next(type, match = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(
            (frame) =>
              frame.type === type && match(frame as Extract<LiveServerMessage, { type: typeof type }>),
          );
          if (found) {
            cleanup();
            resolve(found as Extract<LiveServerMessage, { type: typeof type }>);
          } else if (socket.readyState === WebSocket.CLOSED) {
            cleanup();
            reject(new Error(`socket closed before a "${type}" frame; got ${JSON.stringify(frames)}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no "${type}" frame in ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    closed,
    close: () => socket.close(),
  };
}

/** Opens a socket and signs it in; resolves once the server said `ready`. */
export async function signedInLive(base: string, token: string): Promise<LiveClient> {
  const live = await openLive(base);
  live.send({ type: "auth", token });
  await live.next("ready");
  return live;
}

/**
 * Plain objects in the heap now whose properties that hold cells (objects, strings) are exactly
 * `shapes[i]` (names sorted, joined by ","), counted from JavaScriptCore's heap snapshot (id,
 * size, class, flags per node; from, to, type, name per edge): says whose records a socket keeps
 * (socket-memory.test.ts). Only the counts are kept, so the snapshot leaves nothing behind.
 */
export function countObjectShapes(shapes: readonly string[]): number[] {
  const snapshot = Bun.generateHeapSnapshot() as unknown as {
    nodes: number[];
    nodeClassNames: string[];
    edges: number[];
    edgeTypes: string[];
    edgeNames: string[];
  };
  const objects = new Map<number, string[]>();
  for (let i = 0; i < snapshot.nodes.length; i += 4) {
    if (snapshot.nodeClassNames[snapshot.nodes[i + 2]!] === "Object") objects.set(snapshot.nodes[i]!, []);
  }
  const property = snapshot.edgeTypes.indexOf("Property");
  for (let i = 0; i < snapshot.edges.length; i += 4) {
    const names = objects.get(snapshot.edges[i]!);
    if (names && snapshot.edges[i + 2] === property) names.push(snapshot.edgeNames[snapshot.edges[i + 3]!]!);
  }
  const counts = shapes.map(() => 0);
  for (const names of objects.values()) {
    const at = shapes.indexOf(names.sort().join(","));
    if (at >= 0) counts[at]! += 1;
  }
  return counts;
}

/** One masked client text frame (RFC 6455: clients mask what they send). */
export function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const header =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([header, mask, payload.map((byte, i) => byte ^ mask[i % 4]!)]);
}

/**
 * A live socket as a bare TCP connection after the WebSocket handshake: a test that needs a
 * client which stops reading (a slow phone) drives it with clientFrame and pauses it.
 */
export async function openRawLive(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
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

/** Reads a raw live socket until its subscription is confirmed, then stops reading it. */
export async function readUntilSubscribed(socket: Socket): Promise<void> {
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
}

/**
 * The opcodes of the complete frames in what a server sent (its frames are not masked): 0x1
 * text, 0x8 close, 0x9 ping. A trailing partial frame is left out.
 */
export function serverFrameOpcodes(bytes: Buffer): number[] {
  const opcodes: number[] = [];
  let at = 0;
  while (at + 2 <= bytes.length) {
    const short = bytes[at + 1]! & 0x7f;
    const header = short === 126 ? 4 : short === 127 ? 10 : 2;
    if (at + header > bytes.length) break;
    const length =
      short === 126
        ? bytes.readUInt16BE(at + 2)
        : short === 127
          ? Number(bytes.readBigUInt64BE(at + 2))
          : short;
    if (at + header + length > bytes.length) break;
    opcodes.push(bytes[at]! & 0x0f);
    at += header + length;
  }
  return opcodes;
}
