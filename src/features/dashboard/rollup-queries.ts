import { sql } from "drizzle-orm";
import { chatMessageDays, postViewDays, siteViewDays } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";
import { localDay, TZ } from "./queries";

/**
 * The closed-day rollups (chat_message_days, site_view_days; see db/schema/dashboard.ts), filled
 * by the dashboard-rollup job. Each fill is one statement over a range of days, an upsert that
 * sets (never adds), so running it again, or twice at once, leaves the same rows.
 */

/**
 * The last day to roll up: yesterday in Managua, taken 10 minutes back so a message stamped just
 * before midnight by a transaction that commits just after it is in before its day closes.
 */
export async function selectLastClosedDay(db: Executor) {
  const [row] = await db.execute<{ day: string }>(
    sql`select to_char(${localDay(sql`(now() - interval '10 minutes')`)} - 1, 'YYYY-MM-DD') as day`,
  );
  return row!.day;
}

/** The first chat day not rolled up yet: the day after the last site row, else the first message's day. */
export async function selectNextChatDay(db: Executor) {
  const [row] = await db.execute<{ day: string | null }>(sql`
    select to_char(coalesce(
      (select max(day) + 1 from ${chatMessageDays} where club_id = 0),
      (select ${localDay(sql`min(created_at)`)} from messages where not held)
    ), 'YYYY-MM-DD') as day`);
  return row?.day ?? null;
}

/** The first view day not rolled up yet: the day after the last row, else the first counted view's day. */
export async function selectNextViewDay(db: Executor) {
  const [row] = await db.execute<{ day: string | null }>(sql`
    select to_char(coalesce(
      (select max(day) + 1 from ${siteViewDays}),
      (select min(day) from ${postViewDays})
    ), 'YYYY-MM-DD') as day`);
  return row?.day ?? null;
}

/**
 * Visible messages per club chat and day, and the site row (club 0, every conversation) for
 * every day of [from, to], 0 included, in one statement: the site row marks the day as rolled
 * only together with its clubs' rows.
 */
export async function upsertChatDays(db: Executor, from: string, to: string) {
  await db.execute(sql`
    with counted as (
      select club_id, ${localDay(sql`created_at`)} as day, count(*)::int as messages
      from messages
      where not held
        and created_at >= ((${from}::date)::timestamp at time zone ${TZ})
        and created_at < ((${to}::date + 1)::timestamp at time zone ${TZ})
      group by 1, 2
    )
    insert into ${chatMessageDays} (club_id, day, messages)
    select club_id, day, messages from counted where club_id is not null
    union all
    select 0, d::date, coalesce((select sum(messages) from counted where counted.day = d::date), 0)::int
    from generate_series(${from}::date, ${to}::date, interval '1 day') d
    on conflict (club_id, day) do update set messages = excluded.messages`);
}

/** The site's counted views for every day of [from, to], 0 included. */
export async function upsertSiteViewDays(db: Executor, from: string, to: string) {
  await db.execute(sql`
    insert into ${siteViewDays} (day, views)
    select d::date, coalesce((select sum(views) from ${postViewDays} v where v.day = d::date), 0)::int
    from generate_series(${from}::date, ${to}::date, interval '1 day') d
    on conflict (day) do update set views = excluded.views`);
}
