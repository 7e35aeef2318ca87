import { heapStats } from "bun:jsc";
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub } from "../chat/chat.fixtures";
import { countObjectShapes, type LiveClient, signedInLive } from "./live.fixtures";

/**
 * What one live socket keeps alive on the server (issue 48: 10,000 sockets should add under
 * 60 MB; docs/capacity.md "Memory"). Counted with JavaScriptCore's heap statistics after full
 * collections, over real sockets. Two kinds of object only the server makes per socket:
 * - a timer: each signed-in socket had its own (its token's expiry), now one sweep serves all
 *   (expiry.ts);
 * - an async function: Elysia's `.ws` made five closures per upgrade (open, message, drain,
 *   close and its error handler) over the whole request context; patched to share one set per
 *   route (patches/elysia@1.4.30.patch);
 * - the Request it was upgraded from and its Headers: Elysia keeps the whole upgrade context as
 *   `ws.data`; the live route lets go of it once the socket is open (routes.ts);
 * - the poll memory's entries for the person's badge and bell (a memo each with its `[key,
 *   version]` pairs, the clubs they were read from, the versions of their keys): the hub keeps
 *   the numbers in its own person record (counts.ts), and the frame-rate window, an idle
 *   socket's promise and the Set of a person's one socket went into plain fields (registry.ts).
 *   Before: 16.6 arrays, 32.8 objects, 3 promises and 2.1 Sets per socket; then about 5.4, 17.4,
 *   2 and 1 (both counts include this test's own client sockets, which run in the same process);
 * - the auth layer's session memo (`session:<id>:<token hash>`: the memo, the account's row, its
 *   `[key, version]` pairs, the version of the account's `a` key): the live sign-in reads the
 *   account without remembering it (auth's `loadSessionUser(…, { remember: false })`), since the
 *   hub keeps the person and checks again on the `a` key. With it: 17.1–17.5 objects and 5.2–5.5
 *   arrays per socket; without: 13.1–13.5 and 3.3–3.4.
 * - a Map of followed chats (the Map and its table, about 440 bytes), the two objects of a
 *   locale store, and the emptied upgrade context Elysia's `ws.data` still was: a socket keeps its
 *   one chat in a field (followed-chats.ts), shares its locale store with every socket of the
 *   same language inputs (shared-locales.ts) and its data with every live socket (routes.ts).
 *   Before: 1 Map, 1 locale store (and its choices) and the emptied context per socket,
 *   13.1–13.2 objects; now none of the three, 11.5.
 */
// A guard against a hang, not a time limit: the six full collections and two heap snapshots
// take 9 s alone, but this file runs first in CI, beside the gates' start (lint, type-check,
// build) and the other test process, where it took 17–36 s and once over 60 s (each snapshot
// 5–6 s with those beside it, measured).
setDefaultTimeout(150_000);

const SOCKETS = 40;
let t: TestApp;
let base: string;
const sockets: LiveClient[] = [];
beforeAll(async () => {
  t = await setupTestApp();
  base = t.listen();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

/**
 * A locale store (negotiate.ts), and objects with no property holding an object or a string (an
 * emptied upgrade context; a locale store's `choices` when no input named a language).
 */
const SHAPES = ["choices,defaultLocale,locale,source", ""] as const;

async function counted(): Promise<{ types: Record<string, number>; shapes: number[] }> {
  for (let i = 0; i < 3; i++) {
    Bun.gc(true);
    await Bun.sleep(50);
  }
  return { types: heapStats().objectTypeCounts, shapes: countObjectShapes(SHAPES) };
}

test(`${SOCKETS} signed-in, following sockets add no timer, closures, poll-memory entries (badge, bell, session), wrappers, Map, locale store or upgrade context of their own each`, async () => {
  const owner = await t.createUser({ role: "owner" });
  const clubId = await insertClub(t, owner.id);
  const people = [];
  for (let i = 0; i < SOCKETS; i++) {
    const person = await t.createUser();
    await addMember(t, clubId, person.id);
    people.push(person);
  }
  // One socket first, so the first upgrade's one-off work (the route's own closures) is not counted.
  const warm = await signedInLive(base, owner.token);
  sockets.push(warm);
  const before = await counted();
  for (const person of people) {
    const live = await signedInLive(base, person.token);
    live.send({ type: "subscribe", conversation: `club:${clubId}` });
    await live.next("subscribed");
    sockets.push(live);
  }
  const after = await counted();
  const added = (type: string) => ((after.types[type] ?? 0) - (before.types[type] ?? 0)) / SOCKETS;
  const addedShape = (at: number) => (after.shapes[at]! - before.shapes[at]!) / SOCKETS;
  const localeStores = addedShape(0);
  const bare = addedShape(1);
  const report = [
    "Timeout",
    "AsyncFunction",
    "Function",
    "JSLexicalEnvironment",
    "Request",
    "Headers",
    "ProxyObject",
    "Object",
    "Array",
    "string",
    "Set",
    "Map",
    "Promise",
  ]
    .map((type) => `${type} ${added(type).toFixed(2)}`)
    .join(", ");
  console.log(
    `per socket: ${report}; locale stores ${localeStores.toFixed(2)}, objects holding no object or string ${bare.toFixed(2)}`,
  );
  expect(added("Timeout")).toBeLessThan(0.25);
  expect(added("AsyncFunction")).toBeLessThan(0.25);
  // Nor the Request it was upgraded from, with its headers (routes.ts lets go of the context).
  expect(added("Request")).toBeLessThan(0.25);
  expect(added("Headers")).toBeLessThan(0.25);
  // Nor the poll memory's badge, bell and session entries, nor per-socket wrappers (see above).
  expect(added("Array")).toBeLessThan(4.5);
  expect(added("Object")).toBeLessThan(15);
  expect(added("Promise")).toBeLessThan(2.5);
  expect(added("Set")).toBeLessThan(1.5);
  // Nor a Map for its one chat, a locale store of its own, or an emptied upgrade context.
  expect(added("Map")).toBeLessThan(0.25);
  expect(localeStores).toBeLessThan(0.25);
  // Before: the emptied context, the store's `choices` and one more (3.0); now the one (1.0).
  expect(bare).toBeLessThan(1.5);
  expect(added("Object")).toBeLessThan(12);
});
