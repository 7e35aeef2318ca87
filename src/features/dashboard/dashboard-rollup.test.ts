import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";
import { setupTestApp } from "../../../test/harness";
import {
  countChatDaysLive,
  expectFiguresLive,
  lastClosedDay,
  managuaDay,
  readDashboard,
  readRollups,
  type Seeded,
  seedDays,
} from "./rollup.fixtures";
import { rollUpClosedDays } from "./rollup-jobs";

setDefaultTimeout(60_000);

/**
 * The closed-day rollups (chat_message_days, site_view_days) against the live counts, called
 * directly (no job queue here, so nothing rolls behind the test's back; the queued job is in
 * dashboard-rollup-job.test.ts). Ranges are [days back at the start, days back at the end].
 */
let t: TestApp;
let admin: QuickUser;
let seeded: Seeded;
const RANGES: [number, number][] = [
  [29, 0], // the default 30 days, rolled and live
  [8, 5], // closed days only
  [2, 0], // the newest days
  [6, 3], // across the first partial roll's edge
  [5, 5], // one day
];

beforeAll(async () => {
  t = await setupTestApp();
  admin = await createQuickUser(t, { role: "admin" });
  const sender = await createQuickUser(t);
  seeded = await seedDays(t, sender, await createQuickUser(t, { role: "owner" }));
});
afterAll(() => t.close());

test("before any run: nothing rolled, every day (today included) counted live", async () => {
  expect(await readRollups(t)).toEqual({ chat: [], views: [] });
  await expectFiguresLive(t, admin, seeded, RANGES);
  const today = managuaDay(0);
  const site = await readDashboard(t, admin, null, managuaDay(29), today);
  // Today, the busiest day: 15 in A, 1 in B, 1 direct.
  expect(site.chat_days[0]).toEqual({ day: today, messages: 17 });
  expect(site.views.series.at(-1)).toEqual({ day: today, views: 4 });
});

test("rolling part of the closed days: the figures still equal the live counts", async () => {
  const through = managuaDay(4);
  const rolled = await rollUpClosedDays(t.db, { through });
  // From the first message's day (8 back) and the first view's (7 back) to 4 back.
  expect(rolled).toEqual({ chatDays: 5, viewDays: 4 });
  const { chat, views } = await readRollups(t);
  const site = chat.filter((r) => r.club_id === 0);
  expect(site.map((r) => r.day)).toEqual([8, 7, 6, 5, 4].map(managuaDay));
  // Day 5 back: 7 in A, 1 in B plus the 23:30 one, no direct (odd day).
  expect(site.find((r) => r.day === managuaDay(5))?.messages).toBe(9);
  expect(chat.find((r) => r.club_id === seeded.clubB && r.day === managuaDay(5))?.messages).toBe(2);
  // A day without views has its 0 row (the rollup's mark), left out of the series like before.
  expect(views).toEqual([
    { day: managuaDay(7), views: 23 },
    { day: managuaDay(6), views: 0 },
    { day: managuaDay(5), views: 17 },
    { day: managuaDay(4), views: 0 },
  ]);
  await expectFiguresLive(t, admin, seeded, RANGES);
});

test("rolling the rest: every closed day rolled, per club and for the site, equal to the live counts", async () => {
  await rollUpClosedDays(t.db);
  const last = await lastClosedDay(t);
  const { chat } = await readRollups(t);
  expect(chat.filter((r) => r.club_id === 0).at(-1)?.day).toBe(last);
  for (const clubId of [seeded.clubA, seeded.clubB]) {
    const live = await countChatDaysLive(t, clubId, managuaDay(8), managuaDay(2));
    const rolled = chat
      .filter((r) => r.club_id === clubId && r.day <= managuaDay(2))
      .map((r) => ({ day: r.day, messages: r.messages }));
    expect(rolled.sort((a, b) => b.messages - a.messages || b.day.localeCompare(a.day))).toEqual(live);
  }
  await expectFiguresLive(t, admin, seeded, RANGES);
  // Today is never rolled: its messages stay live.
  expect(chat.some((r) => r.day === managuaDay(0))).toBe(false);
});

test("running again changes nothing; two runs at once from empty tables count each message once", async () => {
  const before = await readRollups(t);
  expect(await rollUpClosedDays(t.db)).toEqual({ chatDays: 0, viewDays: 0 });
  expect(await readRollups(t)).toEqual(before);

  await t.sql`truncate chat_message_days, site_view_days`;
  await Promise.all([rollUpClosedDays(t.db), rollUpClosedDays(t.db)]);
  expect(await readRollups(t)).toEqual(before);
  await expectFiguresLive(t, admin, seeded, RANGES);
});
