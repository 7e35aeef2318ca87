import { afterAll, beforeAll, expect, test } from "bun:test";
import type { LiveServerMessage } from "../../../common/api/live";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createLogger } from "../../lib/logger";
import { negotiateLocale } from "../../platform/locale/negotiate";
import { send } from "../chat/chat.fixtures";
import { createCounts } from "./counts";
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
    token: null,
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
