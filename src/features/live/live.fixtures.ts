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
