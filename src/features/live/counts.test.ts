import { afterAll, beforeAll, expect, test } from "bun:test";
import type { LiveServerMessage } from "../../../common/api/live";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { waitUntil } from "../../../test/wait";
import { changeBusOf } from "../../lib/database/change-bus";
import { createLogger } from "../../lib/logger";
import { CHANGE_KEYS_CHANNEL } from "../../lib/poll-memory/keys";
import { createPollMemory } from "../../lib/poll-memory/poll-memory";
import { negotiateLocale } from "../../platform/locale/negotiate";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { createCounts } from "./counts";
import { createDelivery } from "./deliver";
import { createRegistry, type LiveSocket } from "./registry";

/** How often counts.ts reads one person whose numbers keep changing. */
const PERSON_EVERY_MS = 10_000;

/**
 * The badge and bell frames (counts.ts) on the real database: a person whose numbers keep
 * changing is read at most once per PERSON_EVERY_MS, a quiet person's first change at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

test("a person whose numbers keep changing is read at most once per PERSON_EVERY_MS", async () => {
  const [a, b] = [await t.createUser(), await t.createUser()];
  const registry = createRegistry();
  const frames: LiveServerMessage[] = [];
  const socket: LiveSocket = {
    raw: { send: (data) => frames.push(JSON.parse(data)), close: () => {} },
    locale: negotiateLocale(new Request("http://localhost/"), "es"),
    user: { id: b.id, username: b.username, role: "member", muteUntil: null },
    tokenHash: null,
    tokenExp: 0,
    tokenVersion: 0,
    following: new Map(),
    openedAt: Date.now(),
    windowStartedAt: 0,
    framesInWindow: 0,
    lastTypingAt: 0,
    closed: false,
    pending: null,
  };
  registry.add(socket);
  const person = registry.signIn(socket, b.id);
  let clock = 1_000_000;
  const counts = createCounts({
    db: t.db,
    logger: createLogger("silent"),
    registry,
    now: () => clock,
  });
  const badges = () => frames.flatMap((frame) => (frame.type === "badge" ? [frame.count] : []));
  // A direct message to b, heard as the change bus would hand it over (b's own rows changed).
  const message = async (text: string) => {
    expect((await send(t, a.token, `/api/messages/user/${b.id}`, text)).status).toBe(201);
    counts.changed([`p${b.id}`, `n${b.id}`]);
  };

  await counts.sendCurrent(person);
  expect(badges()).toEqual([0]);

  // Right after signing in (that read does not count): the first change goes out at once.
  await message("¿venís mañana?");
  await counts.sweepNow();
  expect(badges()).toEqual([0, 1]);

  // Read from the database just now: the next change waits for b's turn, it is not lost.
  await message("¿y el sábado?");
  await counts.sweepNow();
  expect(badges()).toEqual([0, 1]);
  clock += PERSON_EVERY_MS - 1;
  await counts.sweepNow();
  expect(badges()).toEqual([0, 1]);
  clock += 1;
  await counts.sweepNow();
  expect(badges()).toEqual([0, 1, 2]);

  // Nothing changed: a sweep sends nothing and reads nothing.
  clock += PERSON_EVERY_MS;
  await counts.sweepNow();
  expect(badges()).toEqual([0, 1, 2]);
  counts.stop();
});

/** A socket of `user` whose frames land in `frames`. */
function socketOf(user: { id: number; username: string }, frames: LiveServerMessage[]): LiveSocket {
  return {
    raw: { send: (data) => frames.push(JSON.parse(data)), close: () => {} },
    locale: negotiateLocale(new Request("http://localhost/"), "es"),
    user: { id: user.id, username: user.username, role: "member", muteUntil: null },
    tokenHash: null,
    tokenExp: 0,
    tokenVersion: 0,
    following: new Map(),
    openedAt: Date.now(),
    windowStartedAt: 0,
    framesInWindow: 0,
    lastTypingAt: 0,
    closed: false,
    pending: null,
  };
}

test("a follower settled in a club chat is not read again for its messages or the marks they move; a direct message still is", async () => {
  const owner = await t.createUser({ role: "owner" });
  const [sender, follower, friend] = [await t.createUser(), await t.createUser(), await t.createUser()];
  const clubId = await insertClub(t, owner.id);
  for (const user of [sender, follower]) await addMember(t, clubId, user.id);
  const logger = createLogger("silent");
  let clock = 1_000_000;
  const registry = createRegistry({ unsettled: (id) => counts.touch(id) });
  const counts = createCounts({ db: t.db, logger, registry, now: () => clock });
  const delivery = createDelivery({
    db: t.db,
    memory: createPollMemory(),
    logger,
    registry,
    touched: (id) => counts.touch(id),
  });
  // The change bus as the hub follows it: the club's key runs a delivery, every key reaches the
  // counts. This process's own writes are heard before their statement returns (a NOTICE).
  const runs: Promise<void>[] = [];
  const barriers = new Set<string>();
  let listening = false;
  const stop = changeBusOf(t.db, logger).follow({
    changed: (keys) => {
      for (const key of keys) if (key.startsWith("zbarrier")) barriers.add(key);
      if (keys.includes(`c${clubId}`)) runs.push(delivery.deliver(`c${clubId}`));
      counts.changed(keys);
    },
    resumed: () => {
      listening = true;
    },
  });
  await waitUntil("the change bus listening", () => listening);
  // Each write is heard twice: at once (a NOTICE) and after its commit (a NOTIFY), which on a
  // loaded machine can come after the next step began and touch the person again. NOTIFYs arrive
  // in commit order, so once a NOTIFY sent now is heard, every earlier one has been.
  let barrierCount = 0;
  const barrier = async () => {
    const key = `zbarrier${++barrierCount}`;
    await t.sql`select pg_notify(${CHANGE_KEYS_CHANNEL}, ${`${Date.now()} ${key}`})`;
    await waitUntil("every earlier NOTIFY heard", () => barriers.has(key));
    while (runs.length > 0) await Promise.all(runs.splice(0));
  };
  const frames: LiveServerMessage[] = [];
  const socket = socketOf(follower, frames);
  registry.add(socket);
  const person = registry.signIn(socket, follower.id);
  registry.follow(socket, {
    name: `club:${clubId}`,
    target: { type: "club", id: clubId },
    changeKey: `c${clubId}`,
    cursor: 0,
    changeCursor: 0,
    settled: false,
  });
  const badges = () => frames.flatMap((frame) => (frame.type === "badge" ? [frame.count] : []));
  const delivered = () => frames.filter((frame) => frame.type === "message").length;
  const say = async (text: string) => {
    const sent = await send(t, sender.token, `/api/messages/club/${clubId}`, text);
    expect(sent.status).toBe(201);
    // A run already going takes the key over (deliver.ts), so wait for the frame itself.
    await waitUntil("the message delivered", () =>
      frames.some((frame) => frame.type === "message" && frame.message.id === sent.body.id),
    );
    while (runs.length > 0) await Promise.all(runs.splice(0));
    // The delivery writes the follower's read mark behind its frames (read-marks.ts). Until it
    // has, the next send finds them not in the chat (this test's registry is not the app's hub,
    // whose settled followers the send leaves out) and writes them a notice: a read. Under
    // load that write once landed after the next step began (a CI run: 3 reads for 2).
    await delivery.marksWritten();
  };
  const later = async () => {
    await barrier();
    clock += PERSON_EVERY_MS;
    await counts.sweepNow();
  };

  await counts.sendCurrent(person);
  expect(badges()).toEqual([0]);
  // The first delivery settles the chat, which is worth one read (it leaves the statement).
  await say("Reunión el jueves");
  await waitUntil("the chat settled", () => registry.settledIn(person, clubId));
  await later();
  const reads = counts.reads();

  // The chat's messages and the read marks their delivery moves: no read, no frame.
  await say("Traigan el afiche");
  await say("A las cuatro");
  expect(delivered()).toBe(3);
  await later();
  await later();
  expect(counts.reads()).toBe(reads);
  expect(badges()).toEqual([0]);

  // A direct message beside a club message still is.
  await Promise.all([
    say("¿Quién trae parlante?"),
    send(t, friend.token, `/api/messages/user/${follower.id}`, "¿Venís?"),
  ]);
  await later();
  // Read once, or twice when the sweep's timer read them before the message's commit as well.
  const afterDirect = counts.reads();
  expect(afterDirect).toBeGreaterThan(reads);
  expect(afterDirect).toBeLessThanOrEqual(reads + 2);
  expect(badges()).toEqual([0, 1]);
  expect((await t.request("GET", "/api/notifications", { token: follower.token })).body).toBe(1);

  // Unfollowing the chat counts it again.
  registry.unfollow(socket, `club:${clubId}`);
  await later();
  expect(counts.reads()).toBe(afterDirect + 1);
  stop();
  counts.stop();
});

test("after the person's own action (asked) a change goes out at the next sweep, however lately they were read", async () => {
  const [a, b] = [await t.createUser(), await t.createUser()];
  const registry = createRegistry();
  const frames: LiveServerMessage[] = [];
  const socket = socketOf(b, frames);
  registry.add(socket);
  const person = registry.signIn(socket, b.id);
  let clock = 1_000_000;
  const counts = createCounts({ db: t.db, logger: createLogger("silent"), registry, now: () => clock });
  const badges = () => frames.flatMap((frame) => (frame.type === "badge" ? [frame.count] : []));
  const message = async (text: string) => {
    expect((await send(t, a.token, `/api/messages/user/${b.id}`, text)).status).toBe(201);
    counts.changed([`p${b.id}`, `n${b.id}`]);
  };

  await counts.sendCurrent(person);
  await message("¿ya viste el afiche?");
  await counts.sweepNow();
  expect(badges()).toEqual([0, 1]);

  // b reads the chat right away (read lately: without asking, this would wait 10 s).
  clock += 1_000;
  expect((await t.request("GET", `/api/messages/user/${a.id}`, { token: b.token })).status).toBe(200);
  counts.changed([`p${b.id}`]);
  counts.asked(person);
  await counts.sweepNow();
  expect(badges()).toEqual([0, 1, 0]);

  // The ask does not last: a change from someone else two seconds on waits for b's turn again.
  clock += 2_000;
  await message("¿y?");
  await counts.sweepNow();
  expect(badges()).toEqual([0, 1, 0]);
  clock += PERSON_EVERY_MS;
  await counts.sweepNow();
  expect(badges()).toEqual([0, 1, 0, 1]);
  counts.stop();
});

test("a sweep never reads a person whose read is in flight; it reads them once that read is done", async () => {
  const [a, b] = [await t.createUser(), await t.createUser()];
  const registry = createRegistry();
  const frames: LiveServerMessage[] = [];
  const socket = socketOf(b, frames);
  registry.add(socket);
  const person = registry.signIn(socket, b.id);
  const counts = createCounts({ db: t.db, logger: createLogger("silent"), registry });
  const badges = () => frames.flatMap((frame) => (frame.type === "badge" ? [frame.count] : []));

  // The sign-in's read starts; a change is heard and a sweep runs before that read is done.
  expect((await send(t, a.token, `/api/messages/user/${b.id}`, "hola")).status).toBe(201);
  const signingIn = counts.sendCurrent(person);
  counts.changed([`p${b.id}`]);
  const sweeping = counts.sweepNow();
  // Two reads at once could finish in either order and leave the older numbers sent last: the
  // sweep's read waits for the sign-in's, and the sweep is done only once its own read is.
  expect(counts.reads()).toBe(1);
  await sweeping;
  expect(counts.reads()).toBe(2);
  await signingIn;
  expect(badges()).toEqual([1]);
  counts.stop();
});
