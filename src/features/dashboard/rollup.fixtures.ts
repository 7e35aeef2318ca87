import { expect } from "bun:test";
import type { DashboardJson } from "../../../common/api/dashboard";
import type { QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";

/**
 * Data for the closed-day rollup tests, on days counted back from today in Managua (UTC−6), and
 * the live counts the dashboard gave before the rollup (straight from messages and
 * post_view_days) to compare the dashboard's figures with.
 */
const DAY_MS = 86_400_000;

/** Today in Managua, minus `back` days (YYYY-MM-DD). */
export function managuaDay(back: number) {
  return new Date(Date.now() - 6 * 3_600_000 - back * DAY_MS).toISOString().slice(0, 10);
}

/** Noon of that Managua day, as an instant. */
const noon = (back: number) => `${managuaDay(back)}T18:00:00Z`;

export type Seeded = { clubA: number; clubB: number };

/**
 * Nine days of chat (8 days back to today) with a different count each day, so the 7 busiest mix
 * rolled and live days: club A gets `back + 2` messages (15 today, the busiest day), club B one, a direct message on even
 * days, a held message every day (never counted), and a message at 23:30 on day 5 back (still
 * that Managua day). Views: both clubs' posts get views on every other day.
 */
export async function seedDays(t: TestApp, sender: QuickUser, owner: QuickUser): Promise<Seeded> {
  const club = async (name: string) => {
    const [row] = await t.sql<{ id: number }[]>`
      insert into clubs (name, description, owner_id) values (${name}, 'x', ${owner.id}) returning id`;
    return row!.id;
  };
  const clubA = await club("Rollup A");
  const clubB = await club("Rollup B");
  const [other] = await t.sql<{ id: number }[]>`
    insert into users (username, password_hash, role) values (${`rollup${Date.now()}`}, 'x', 'member') returning id`;
  const [postA] = await t.sql<
    { id: number }[]
  >`insert into posts (club_id, title) values (${clubA}, 'A') returning id`;
  const [postB] = await t.sql<
    { id: number }[]
  >`insert into posts (club_id, title) values (${clubB}, 'B') returning id`;
  for (let back = 8; back >= 0; back--) {
    // Today's rows at the current time: noon may still be ahead.
    const at = back === 0 ? new Date().toISOString() : noon(back);
    await t.sql`
      insert into messages (sender_id, club_id, content, created_at)
      select ${sender.id}, ${clubA}, 'hola', ${at} from generate_series(1, ${back === 0 ? 15 : back + 2})`;
    await t.sql`insert into messages (sender_id, club_id, content, created_at) values (${sender.id}, ${clubB}, 'hola', ${at})`;
    await t.sql`insert into messages (sender_id, club_id, content, held, created_at) values (${sender.id}, ${clubA}, 'x', true, ${at})`;
    if (back % 2 === 0) {
      await t.sql`
        insert into messages (sender_id, recipient_id, user_low, user_high, content, created_at)
        values (${sender.id}, ${other!.id}, ${Math.min(sender.id, other!.id)}, ${Math.max(sender.id, other!.id)}, 'hola', ${at})`;
    }
    if (back === 5) {
      // 23:30 on day 5 back in Managua is 05:30 UTC on the next day.
      await t.sql`
        insert into messages (sender_id, club_id, content, created_at)
        values (${sender.id}, ${clubB}, 'tarde', ${`${managuaDay(4)}T05:30:00Z`})`;
    }
    if (back % 2 === 1) {
      await t.sql`insert into post_view_days (post_id, club_id, day, views) values
        (${postA!.id}, ${clubA}, ${managuaDay(back)}, ${back * 3}), (${postB!.id}, ${clubB}, ${managuaDay(back)}, 2)`;
    }
  }
  await t.sql`insert into post_view_days (post_id, club_id, day, views) values (${postA!.id}, ${clubA}, ${managuaDay(0)}, 4)`;
  return { clubA, clubB };
}

/** The busiest chat days as the dashboard counted them before the rollup: straight from messages. */
export async function countChatDaysLive(t: TestApp, clubId: number | null, from: string, to: string) {
  const rows = await t.sql<{ day: string; messages: number }[]>`
    select to_char(day, 'YYYY-MM-DD') as day, messages from (
      select (created_at at time zone interval '-06:00')::date as day, count(*)::int as messages
      from messages
      where not held and (${clubId}::int is null or club_id = ${clubId}::int)
        and (created_at at time zone interval '-06:00')::date between ${from}::date and ${to}::date
      group by 1
    ) per_day
    order by messages desc, day desc
    limit 7`;
  return [...rows];
}

/** Views per day straight from post_view_days. */
async function countViewsLive(t: TestApp, clubId: number | null, from: string, to: string) {
  const rows = await t.sql<{ day: string; views: number }[]>`
    select to_char(day, 'YYYY-MM-DD') as day, sum(views)::int as views
    from post_view_days
    where (${clubId}::int is null or club_id = ${clubId}::int) and day between ${from}::date and ${to}::date
    group by day order by day`;
  return [...rows];
}

/** The dashboard (a club's, or the site's for null) over [from, to]. */
export async function readDashboard(
  t: TestApp,
  admin: QuickUser,
  clubId: number | null,
  from: string,
  to: string,
) {
  const path = clubId === null ? "/api/admin/dashboard" : `/api/clubs/${clubId}/dashboard`;
  const res = await t.request<DashboardJson>("GET", `${path}?from=${from}&to=${to}`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body;
}

/** For the site and both clubs, over each range: chat days and views equal the live counts. */
export async function expectFiguresLive(
  t: TestApp,
  admin: QuickUser,
  seeded: Seeded,
  ranges: [number, number][],
) {
  for (const clubId of [null, seeded.clubA, seeded.clubB]) {
    for (const [fromBack, toBack] of ranges) {
      const [from, to] = [managuaDay(fromBack), managuaDay(toBack)];
      const d = await readDashboard(t, admin, clubId, from, to);
      const label = `${clubId ?? "site"} ${from}..${to}`;
      expect({ label, chat: d.chat_days }).toEqual({
        label,
        chat: await countChatDaysLive(t, clubId, from, to),
      });
      expect({ label, views: d.views.series }).toEqual({
        label,
        views: await countViewsLive(t, clubId, from, to),
      });
    }
  }
}

/** Both rollup tables, in order, to compare before and after a run. */
export async function readRollups(t: TestApp) {
  const chat =
    await t.sql`select club_id, to_char(day, 'YYYY-MM-DD') as day, messages from chat_message_days order by 1, 2`;
  const views = await t.sql`select to_char(day, 'YYYY-MM-DD') as day, views from site_view_days order by 1`;
  return { chat: [...chat], views: [...views] };
}

/** The last day the job may roll up, from the database's clock (yesterday, 10 minutes back). */
export async function lastClosedDay(t: TestApp) {
  const [row] = await t.sql<{ day: string }[]>`
    select to_char(((now() - interval '10 minutes') at time zone interval '-06:00')::date - 1, 'YYYY-MM-DD') as day`;
  return row!.day;
}
