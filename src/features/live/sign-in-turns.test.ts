import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { LIVE_AUTH_SECONDS } from "../../../common/api/live";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { changeBusOf } from "../../lib/database/change-bus";
import { createLogger } from "../../lib/logger";
import { createPollMemory } from "../../lib/poll-memory/poll-memory";
import type { SessionUser, TokenClaims } from "../../lib/session-token";
import { negotiateLocale } from "../../platform/locale/negotiate";
import { createTokenReader } from "../../plugins/auth";
import { sessionLoader } from "../auth";
import { createLiveHub } from "./hub";

/**
 * Many sockets signing in at once (a replica's start, everyone reconnecting after a deploy) take
 * turns at the database: a few sign-ins read at once, the rest wait holding only their frame
 * (client-frames.ts). Before, every sign-in started its reads at once and waited in the pool's
 * queue: 10,000 sockets peaked at +164–190 MB of RSS and +79–100 MB of heap while signing in
 * (docs/capacity.md, branch `mem48`), and the pool had no connection left for requests. On the
 * real database, the auth feature's real loader, counted as it runs.
 */
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const SOCKETS = 30;

/** A hub on the test database whose account reads run inside `around` (the real loader within). */
function hubAround(around: (load: () => Promise<SessionUser>) => Promise<SessionUser>) {
  const logger = createLogger("silent");
  const memory = createPollMemory();
  const load = sessionLoader(t.db, memory);
  return createLiveHub({
    db: t.db,
    logger,
    memory,
    bus: changeBusOf(t.db, logger),
    readToken: createTokenReader(t.deps.jwtSecret).readToken,
    loadSessionUser: (claims: TokenClaims, hash: string, options: { remember: boolean }) =>
      around(() => load(claims, hash, options)),
  });
}

/** `count` raw sockets opened on the hub, each keeping the frames it is sent. */
function openSockets(hub: ReturnType<typeof createLiveHub>, count: number) {
  return Array.from({ length: count }, () => {
    const frames: string[] = [];
    const raw = { send: (data: string) => frames.push(data), close: () => frames.push("closed") };
    hub.open(raw, negotiateLocale(new Request("http://localhost/"), "es"));
    return { raw, frames };
  });
}

test(`${SOCKETS} sockets signing in at once: at most 6 accounts read at a time, every socket ready`, async () => {
  const people: Awaited<ReturnType<TestApp["createUser"]>>[] = [];
  for (let i = 0; i < SOCKETS; i++) people.push(await t.createUser());
  let reading = 0;
  let mostAtOnce = 0;
  const hub = hubAround(async (load) => {
    reading += 1;
    mostAtOnce = Math.max(mostAtOnce, reading);
    try {
      return await load();
    } finally {
      reading -= 1;
    }
  });
  const sockets = openSockets(hub, SOCKETS);
  // Every auth frame arrives before any read is done.
  await Promise.all(
    sockets.map((socket, i) =>
      hub.message(socket.raw, JSON.stringify({ type: "auth", token: people[i]!.token })),
    ),
  );
  for (const socket of sockets) expect(socket.frames[0]).toBe(JSON.stringify({ type: "ready" }));
  expect(hub.stats().people).toBe(SOCKETS);
  console.log(`accounts read at once, at most: ${mostAtOnce}`);
  expect(mostAtOnce).toBeLessThanOrEqual(6);
  hub.stop();
});

test("a sign-in still waiting for the database when the 5 s auth deadline passes is not closed for it", async () => {
  const people: Awaited<ReturnType<TestApp["createUser"]>>[] = [];
  for (let i = 0; i < 7; i++) people.push(await t.createUser());
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The database answers late: six reads held in it, the seventh waiting its turn.
  const hub = hubAround(async (load) => {
    await gate;
    return await load();
  });
  const sockets = openSockets(hub, people.length);
  const signIns = sockets.map((socket, i) =>
    hub.message(socket.raw, JSON.stringify({ type: "auth", token: people[i]!.token })),
  );
  // Past the deadline and the sweep's next look (one a second): the auth frames came in time.
  await Bun.sleep(LIVE_AUTH_SECONDS * 1000 + 1500);
  expect(sockets.map((socket) => socket.frames)).toEqual(sockets.map(() => []));
  release();
  await Promise.all(signIns);
  for (const socket of sockets) {
    expect(socket.frames[0]).toBe(JSON.stringify({ type: "ready" }));
    expect(socket.frames).not.toContain("closed");
  }
  hub.stop();
});
