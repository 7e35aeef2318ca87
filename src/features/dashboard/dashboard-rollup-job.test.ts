import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";
import { setupTestApp } from "../../../test/harness";
import { waitUntil } from "../../../test/wait";
import { withJobTables } from "../../lib/jobs/queue.fixtures";
import {
  expectFiguresLive,
  lastClosedDay,
  managuaDay,
  readRollups,
  type Seeded,
  seedDays,
} from "./rollup.fixtures";

/** The queue's name as pg-boss stores it (rollup-jobs.ts), spelled out: a rename would strand waiting jobs. */
const DASHBOARD_ROLLUP_QUEUE = "dashboard-rollup";

setDefaultTimeout(60_000);

/**
 * The rollup through the job queue, as production runs it: registered with the workers, run
 * once at start-up and scheduled hourly. The rollup's own rules are in dashboard-rollup.test.ts.
 */
let t: TestApp;
let admin: QuickUser;
let seeded: Seeded;
let schedules: unknown[];

const completedRuns = async () => {
  const [row] = await t.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job where name = ${DASHBOARD_ROLLUP_QUEUE} and state = 'completed'`;
  return row!.n;
};

beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
  admin = await createQuickUser(t, { role: "admin" });
  // The start-up run finds nothing to roll on the empty database; the data comes after it, as
  // a deployment's messages come after its first run.
  await waitUntil("the start-up rollup run", async () => (await completedRuns()) >= 1);
  // Taken off the schedule before seeding: an hourly run in the middle of it would roll days
  // whose rows are not all in yet (production's closed days are complete when rolled).
  schedules = [...(await t.sql`select cron from pgboss.schedule where name = ${DASHBOARD_ROLLUP_QUEUE}`)];
  await withJobTables(t.databaseUrl, (tables) => tables.unschedule(DASHBOARD_ROLLUP_QUEUE));
  seeded = await seedDays(t, await createQuickUser(t), await createQuickUser(t, { role: "owner" }));
});
afterAll(() => t.close());

test("the job is scheduled hourly", () => {
  expect(schedules).toEqual([{ cron: "17 * * * *" }]);
});

test("a queued run rolls every closed day up; the figures stay equal to the live counts", async () => {
  const runs = await completedRuns();
  await t.deps.jobs.send(DASHBOARD_ROLLUP_QUEUE, {});
  const last = await lastClosedDay(t);
  await waitUntil("the queued rollup run", async () => (await completedRuns()) > runs);
  const { chat, views } = await readRollups(t);
  const siteDays = chat.filter((r) => r.club_id === 0).map((r) => r.day);
  expect(siteDays[0]).toBe(managuaDay(8));
  expect(siteDays.at(-1)).toBe(last);
  expect(views.at(-1)?.day).toBe(last);
  await expectFiguresLive(t, admin, seeded, [
    [29, 0],
    [8, 1],
    [1, 0],
  ]);
});
