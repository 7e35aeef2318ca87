import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { callFrom } from "../../../test/socket-client";
import { createQuickUser, type QuickUser } from "../clubs/user.fixtures";
import { checkInWorld } from "./check-in.fixtures";
import { codeAt, stepOf } from "./code";

setDefaultTimeout(60_000);

/**
 * A queued check-in's age is judged by the server's clock when the request arrives over the
 * network (and the call is limited per client address): over a real TCP socket from 127.0.0.2,
 * a claim 10 minutes old is stored pending and a claim 30 s old present.
 */
let t: TestApp;
let base: string;
let w: Awaited<ReturnType<typeof checkInWorld>>;
let secret: string;
beforeAll(async () => {
  t = await setupTestApp();
  base = t.listen();
  w = await checkInWorld(t, new Date());
  await t.request("GET", `/api/posts/${w.eventId}/check-in-code`, { token: w.owner.token });
  const [row] = await t.sql<{ secret: string }[]>`
    select secret from event_check_in_keys where post_id = ${w.eventId}`;
  secret = row!.secret;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function memberSinceAnHour(): Promise<QuickUser> {
  const person = await createQuickUser(t);
  await t.sql`insert into club_members (club_id, user_id, joined_at)
    values (${w.clubId}, ${person.id}, now() - interval '1 hour')`;
  return person;
}

function claimFrom(person: QuickUser, agoMs: number) {
  const at = new Date(Date.now() - agoMs);
  return callFrom(base, "POST", `/api/posts/${w.eventId}/check-ins`, {
    from: "127.0.0.2",
    token: person.token,
    json: { code: codeAt(secret, stepOf(at.getTime())), checked_in_at: at.toISOString() },
  });
}

test("over a socket: a claim 10 minutes old is pending, one 30 s old present", async () => {
  const late = await memberSinceAnHour();
  const stale = await claimFrom(late, 10 * 60_000);
  expect(stale.status).toBe(201);
  expect(stale.body.status).toBe("pending");
  const fresh = await memberSinceAnHour();
  const recent = await claimFrom(fresh, 30_000);
  expect(recent.status).toBe(201);
  expect(recent.body.status).toBe("present");
  const rows = await t.sql<{ user_id: number; status: string }[]>`
    select user_id, status from event_check_ins where post_id = ${w.eventId} order by status`;
  expect([...rows]).toEqual([
    { user_id: late.id, status: "pending" },
    { user_id: fresh.id, status: "present" },
  ]);
});
