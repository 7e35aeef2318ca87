import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../lib/database/client";

/** One listed thing and how many matched in all (the mail shows a few and says "and N more"). */
export type DigestItem = {
  postId: number;
  clubId: number;
  clubName: string;
  title: string | null;
  eventDate: Date | null;
};
export type DigestSection = { items: DigestItem[]; total: number };
export type PendingRequests = { clubId: number; clubName: string; count: number };

type Window = { userId: number; since: Date; now: Date; limit: number };

type Row = {
  post_id: number;
  club_id: number;
  club_name: string;
  title: string | null;
  event_date: string | Date | null;
  total: number;
};

function isMine(userId: number): SQL {
  return sql`(c.owner_id = ${userId} or exists (
    select 1 from club_members cm where cm.club_id = p.club_id and cm.user_id = ${userId}))`;
}

/**
 * Visible posts of the window (`since`, `now`]: not held by a watched word, not the person's
 * own, not by someone they blocked. `extra` narrows it to events or posts, their clubs or region.
 */
async function listPosts(db: Executor, w: Window, extra: SQL, order: SQL): Promise<DigestSection> {
  const rows = await db.execute<Row>(sql`
    select p.id as post_id, p.club_id, c.name as club_name, p.title, p.event_date,
      (count(*) over ())::int as total
    from posts p join clubs c on c.id = p.club_id
    where not p.held
      and p.created_at > ${w.since.toISOString()}::timestamptz
      and p.created_at <= ${w.now.toISOString()}::timestamptz
      and p.author_id is distinct from ${w.userId}
      and not exists (select 1 from user_blocks b where b.blocker_id = ${w.userId} and b.blocked_id = p.author_id)
      and ${extra}
    order by ${order}
    limit ${w.limit}`);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      postId: row.post_id,
      clubId: row.club_id,
      clubName: row.club_name,
      title: row.title,
      eventDate: row.event_date === null ? null : new Date(row.event_date),
    })),
  };
}

const upcoming = (now: Date) => sql`p.is_event and p.event_date >= ${now.toISOString()}::timestamptz`;

/** New upcoming events of the clubs the person belongs to or owns, soonest first. */
export function listClubEvents(db: Executor, w: Window) {
  return listPosts(db, w, sql`${upcoming(w.now)} and ${isMine(w.userId)}`, sql`p.event_date, p.id`);
}

/** New upcoming events of other clubs in the person's region, soonest first. */
export function listRegionEvents(db: Executor, w: Window & { region: string }) {
  return listPosts(
    db,
    w,
    sql`${upcoming(w.now)} and c.region = ${w.region} and not ${isMine(w.userId)}`,
    sql`p.event_date, p.id`,
  );
}

/** Posts (not events) of the person's clubs that they have not opened, newest first. */
export function listMissedPosts(db: Executor, w: Window) {
  return listPosts(
    db,
    w,
    sql`not p.is_event and ${isMine(w.userId)}
      and not exists (select 1 from post_views v where v.post_id = p.id and v.user_id = ${w.userId})`,
    sql`p.created_at desc, p.id desc`,
  );
}

/**
 * Join requests waiting in the clubs the person owns or decides as an officer with
 * accept_requests (issue 49: the Requests tab the digest links to lists the same), per club.
 */
export async function listPendingRequests(db: Executor, userId: number): Promise<PendingRequests[]> {
  const rows = await db.execute<{ club_id: number; club_name: string; count: number }>(sql`
    select c.id as club_id, c.name as club_name, count(*)::int as count
    from connection_requests r join clubs c on c.id = r.club_id
    where (c.owner_id = ${userId} or exists (select 1 from club_officers o
        where o.club_id = c.id and o.user_id = ${userId} and 'accept_requests' = any(o.permissions)))
      and not exists (select 1 from user_blocks b where b.blocker_id = ${userId} and b.blocked_id = r.user_id)
    group by c.id, c.name
    order by c.name, c.id`);
  return rows.map((row) => ({ clubId: row.club_id, clubName: row.club_name, count: row.count }));
}
