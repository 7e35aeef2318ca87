import { afterAll, beforeAll, expect, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { insertClub } from "../chat/chat.fixtures";
import { insertEvent } from "./event.fixtures";
import { queueMissedReminders } from "./reminder-queue";

/** The queue's name as pg-boss stores it (reminder-queue.ts), spelled out: a rename would strand waiting jobs. */
const REMINDER_QUEUE = "event-reminders";

/**
 * Events saved while no process ran (straight in the database here) get their reminder job
 * when a process starts, once each however often it runs, and only when mail can be sent.
 */
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
});
afterAll(() => t.close());

/** The singleton keys of the reminder jobs queued for one event. */
async function jobsFor(postId: number): Promise<string[]> {
  const rows = await t.sql<{ singleton_key: string }[]>`
    select singleton_key from pgboss.job where name = ${REMINDER_QUEUE} and data->>'postId' = ${String(postId)}`;
  return rows.map((row) => row.singleton_key);
}

test("future events get one reminder job each; past events and a second run add none", async () => {
  const club = await insertClub(t, null);
  const future = await insertEvent(t, club, { startsInMs: 3 * 24 * 3600 * 1000 });
  const past = await insertEvent(t, club, { startsInMs: -3600 * 1000 });
  // No "none yet" check here: the app's own start-up run of the same backfill goes on in the
  // background (src/features/events/reminders.ts) and may already have queued this event.
  expect(await queueMissedReminders(t.deps)).toBeGreaterThanOrEqual(1);
  expect(await jobsFor(future.id)).toEqual([`${future.id}:${future.date.toISOString()}`]);
  expect(await jobsFor(past.id)).toEqual([]);

  await queueMissedReminders(t.deps);
  expect(await jobsFor(future.id)).toHaveLength(1);
});

test("without a mail server nothing is queued (a reminder is only an e-mail)", async () => {
  const club = await insertClub(t, null);
  const future = await insertEvent(t, club, { startsInMs: 2 * 24 * 3600 * 1000 });
  const disabled = { ...t.deps, mailer: { ...t.deps.mailer, mode: "disabled" as const } };
  expect(await queueMissedReminders(disabled)).toBe(0);
  expect(await jobsFor(future.id)).toEqual([]);
});
