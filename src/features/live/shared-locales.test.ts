import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub } from "../chat/chat.fixtures";
import { type LiveClient, signedInLive } from "./live.fixtures";

setDefaultTimeout(60_000);

/**
 * Sockets share their locale stores (shared-locales.ts); the session loader's write of the
 * account's language goes to a copy. Each socket must still speak its own person's language,
 * the one a REST call with the same token gets, however the sign-ins interleave.
 */
let t: TestApp;
let base: string;
const open: LiveClient[] = [];
beforeAll(async () => {
  t = await setupTestApp();
  base = t.listen();
});
afterAll(async () => {
  for (const live of open) live.close();
  await t.close();
});

test("sockets of people with different saved languages, signed in at once, each get their own language", async () => {
  const owner = await t.createUser({ role: "owner" });
  const clubId = await insertClub(t, owner.id);
  const member = await t.createUser();
  await addMember(t, clubId, member.id);
  const people = [];
  for (const locale of ["en", "es", "en", "es", "en", "es"] as const) {
    const person = await t.createUser();
    await t.sql`update users set locale = ${locale} where id = ${person.id}`;
    people.push({ ...person, locale });
  }
  // What each one reads in their own language: the REST API's refusal for a club they are not in.
  const expected = new Map<string, string>();
  for (const person of people) {
    const answer = await t.request("GET", `/api/messages/club/${clubId}`, { token: person.token });
    expect(answer.status).toBe(403);
    expected.set(person.locale, answer.body.detail);
  }
  expect(expected.get("en")).not.toBe(expected.get("es"));
  const sockets = await Promise.all(people.map((person) => signedInLive(base, person.token)));
  open.push(...sockets);
  for (const socket of sockets) socket.send({ type: "subscribe", conversation: `club:${clubId}` });
  for (const [i, socket] of sockets.entries()) {
    const error = await socket.next("error");
    expect(error.detail).toBe(expected.get(people[i]!.locale)!);
  }
});
