import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../lib/database/client";

/**
 * The dashboard's figures, one statement each, all computed in PostgreSQL. Days are Managua
 * calendar days; a range is [from 00:00, to + 1 day 00:00) Managua time. Each `*Statement`
 * is exported so scripts/bench/dashboard.ts can EXPLAIN exactly what the page runs.
 */
export type DashboardScope = { clubId: number | null; from: string; to: string };

/**
 * Managua's fixed offset (no daylight saving since 2006, as src/features/dashboard/service.ts
 * assumes): `at time zone interval` skips the per-row zone lookup that a zone name costs
 * (about 8× faster over 40,000 rows, measured with scripts/bench/dashboard.ts's data).
 */
export const TZ = sql.raw(`interval '-06:00'`);
const start = (s: DashboardScope) => sql`((${s.from}::date)::timestamp at time zone ${TZ})`;
const end = (s: DashboardScope) => sql`((${s.to}::date + 1)::timestamp at time zone ${TZ})`;
export const localDay = (column: SQL) => sql`(${column} at time zone ${TZ})::date`;
/** `club_id = $1`, or nothing for the site totals; `alias` names the table when needed. */
function inClub(s: DashboardScope, column = sql`club_id`) {
  return s.clubId === null ? sql`true` : sql`${column} = ${s.clubId}`;
}

/**
 * Members at the end of each day: today's members minus the net joins after that day
 * (current members' joins and departed members' joins, less departures).
 */
export function membersStatement(s: DashboardScope) {
  return sql`
    with changes as (
      select ${localDay(sql`joined_at`)} as day, 1 as delta
        from club_members where ${inClub(s)} and joined_at >= ${start(s)}
      union all
      select ${localDay(sql`joined_at`)}, 1
        from club_member_departures where ${inClub(s)} and joined_at >= ${start(s)}
      union all
      select ${localDay(sql`left_at`)}, -1
        from club_member_departures where ${inClub(s)} and left_at >= ${start(s)}
    ),
    per_day as (select day, sum(delta)::int as delta from changes group by day),
    days as (
      select d::date as day from generate_series(
        ${s.from}::date, greatest(${s.to}::date, ${localDay(sql`now()`)}), interval '1 day') d
    ),
    now_count as (select count(*)::int as n from club_members where ${inClub(s)})
    select to_char(days.day, 'YYYY-MM-DD') as day,
      (now_count.n - coalesce(sum(coalesce(per_day.delta, 0)) over (
        order by days.day desc rows between unbounded preceding and 1 preceding), 0))::int as members
    from days cross join now_count left join per_day using (day)
    order by days.day`;
}

export async function selectMemberSeries(db: Executor, s: DashboardScope) {
  const rows = await db.execute<{ day: string; members: number }>(membersStatement(s));
  return rows.filter((r) => r.day <= s.to);
}

/**
 * Requests received in the range: answered ones from the outcomes (one pass), open ones still
 * pending; the median counts answers only (accepted or declined), not withdrawals.
 */
export function requestsStatement(s: DashboardScope) {
  return sql`
    select
      count(*) filter (where outcome = 'accepted')::int as accepted,
      count(*) filter (where outcome = 'declined')::int as declined,
      count(*) filter (where outcome = 'withdrawn')::int as withdrawn,
      (select count(*) from connection_requests
        where ${inClub(s)} and created_at >= ${start(s)} and created_at < ${end(s)})::int as pending,
      extract(epoch from percentile_cont(0.5) within group (order by answered_at - requested_at)
        filter (where outcome <> 'withdrawn'))::float8 as median_seconds
    from join_request_outcomes
    where ${inClub(s)} and requested_at >= ${start(s)} and requested_at < ${end(s)}`;
}

export type RequestFigures = {
  accepted: number;
  declined: number;
  withdrawn: number;
  pending: number;
  median_seconds: number | null;
};

export async function selectRequestFigures(db: Executor, s: DashboardScope) {
  const [row] = await db.execute<RequestFigures>(requestsStatement(s));
  return row!;
}

/**
 * A club's views come from post_view_days (its index range is small). The site's closed days come
 * from site_view_days (one row a day, kept by the dashboard-rollup job) and only the days after
 * the last rolled one are summed live: the same figures as summing post_view_days for every day
 * (a day without views is left out in both), at a year's cost of 365 rows instead of 365,000.
 */
export function viewsStatement(s: DashboardScope) {
  if (s.clubId !== null) {
    return sql`
      select to_char(day, 'YYYY-MM-DD') as day, sum(views)::int as views
      from post_view_days
      where club_id = ${s.clubId} and day between ${s.from}::date and ${s.to}::date
      group by day order by day`;
  }
  return sql`
    with rolled as (select max(day) as through from site_view_days)
    select to_char(day, 'YYYY-MM-DD') as day, views from (
      select day, views from site_view_days
      where day between ${s.from}::date and ${s.to}::date and views > 0
      union all
      select day, sum(views)::int from post_view_days
      where day between greatest(${s.from}::date, (select through from rolled) + 1) and ${s.to}::date
      group by day
    ) per_day
    order by day`;
}

export async function selectViewSeries(db: Executor, s: DashboardScope) {
  return [...(await db.execute<{ day: string; views: number }>(viewsStatement(s)))];
}

/**
 * The posts table and the views total in one statement, so they cannot disagree (issue 50: the
 * total said 0 above a table of all-time counters 31, 7, 22, 7). A row is a post published or
 * viewed in the range, with the views it had in the range (post_view_days, the chart's source);
 * `total_views` is summed over every row before the limit, so it is the range's total even when
 * the table shows only the newest 50.
 */
export function postsStatement(s: DashboardScope) {
  return sql`
    with range_views as (
      select post_id, sum(views)::int as views from post_view_days
      where ${inClub(s)} and day between ${s.from}::date and ${s.to}::date
      group by post_id
    ),
    shown as (
      select id from posts
      where ${inClub(s)} and created_at >= ${start(s)} and created_at < ${end(s)}
      union
      select post_id from range_views
    )
    select p.id, p.club_id, c.name as club_name, p.title, p.created_at,
      coalesce(v.views, 0)::int as views, p.like_count as likes, p.comment_count as comments,
      (sum(coalesce(v.views, 0)) over ())::int as total_views
    from shown join posts p on p.id = shown.id join clubs c on c.id = p.club_id
      left join range_views v on v.post_id = p.id
    order by p.created_at desc, p.id desc
    limit 50`;
}

export type PostRow = {
  id: number;
  club_id: number;
  club_name: string;
  title: string | null;
  created_at: Date | string;
  views: number;
  likes: number;
  comments: number;
  total_views: number;
};

export async function selectPosts(db: Executor, s: DashboardScope) {
  return [...(await db.execute<PostRow>(postsStatement(s)))];
}

export function eventsStatement(s: DashboardScope) {
  return sql`
    select p.id, p.club_id, c.name as club_name, p.title, p.event_date,
      p.going_count as going, p.waitlist_count as waitlisted
    from posts p join clubs c on c.id = p.club_id
    where ${inClub(s, sql`p.club_id`)} and p.is_event and not p.held
      and p.event_date >= ${start(s)} and p.event_date < ${end(s)}
    order by p.event_date, p.id
    limit 50`;
}

export type EventRow = {
  id: number;
  club_id: number;
  club_name: string;
  title: string | null;
  event_date: Date | string;
  going: number;
  waitlisted: number;
};

export async function selectEvents(db: Executor, s: DashboardScope) {
  return [...(await db.execute<EventRow>(eventsStatement(s)))];
}

/**
 * A club's chat, or for the site every conversation: visible (not held) messages per Managua day,
 * the 7 busiest. Closed days come from chat_message_days (kept by the dashboard-rollup job, see
 * db/schema/dashboard.ts for what a rolled day counts), and only the days after the last rolled
 * one (today, and any day the job has not reached yet) are counted live from messages, so a
 * year costs at most 365 rollup rows plus a day's messages instead of half a million rows.
 */
export function chatDaysStatement(s: DashboardScope) {
  const live = s.clubId === null ? sql`true` : sql`club_id = ${s.clubId} and club_id is not null`;
  return sql`
    with rolled as (select max(day) as through from chat_message_days where club_id = 0)
    select to_char(day, 'YYYY-MM-DD') as day, messages from (
      select day, messages from chat_message_days
      where club_id = ${s.clubId ?? 0} and messages > 0
        and day between ${s.from}::date and least(${s.to}::date, (select through from rolled))
      union all
      select ${localDay(sql`created_at`)}, count(*)::int
      from messages
      where ${live} and not held
        and created_at >= greatest(${start(s)}, ((select through from rolled) + 1)::timestamp at time zone ${TZ})
        and created_at < ${end(s)}
      group by 1
    ) per_day
    order by messages desc, per_day.day desc
    limit 7`;
}

export async function selectChatDays(db: Executor, s: DashboardScope) {
  return [...(await db.execute<{ day: string; messages: number }>(chatDaysStatement(s)))];
}

export async function selectClubCount(db: Executor) {
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from clubs`);
  return row?.n ?? 0;
}

export async function selectClubName(db: Executor, clubId: number) {
  const [row] = await db.execute<{ name: string }>(sql`select name from clubs where id = ${clubId}`);
  return row?.name ?? null;
}
