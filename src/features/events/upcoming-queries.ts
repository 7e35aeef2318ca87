import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Region } from "../../../common/enums";
import { clubs, eventRsvps, posts } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** Same as clubs_tags_folded_idx: a club's tags, lower case without accents. */
const foldedTags = sql`string_to_array(f_unaccent(lower(${clubs.tags})), ', ')`;

export type UpcomingFilter = {
  from: Date;
  to: Date | null;
  region?: Region;
  tag?: string;
  clubId?: number;
  /** Only clubs this person belongs to or owns. */
  memberId?: number;
  /** Only events matching this person's saved interests (tags or region). */
  interestsOf?: number;
  /** The last (event_date, id) of the previous page, its date in microseconds since 1970. */
  after?: { micros: string; id: number };
};

function conditions(filter: UpcomingFilter): SQL[] {
  // "is_event and not held" is the predicate of posts_upcoming_events_idx, written the same way.
  const where: SQL[] = [
    sql`${posts.isEvent} and not ${posts.held}`,
    sql`${posts.eventDate} >= ${filter.from.toISOString()}::timestamptz`,
  ];
  if (filter.to) where.push(sql`${posts.eventDate} < ${filter.to.toISOString()}::timestamptz`);
  if (filter.after) {
    // Built from integer microseconds: a JavaScript Date would drop the database's microseconds
    // and show the previous page's last event again.
    const date = sql`timestamptz 'epoch' + ${filter.after.micros}::bigint * interval '1 microsecond'`;
    where.push(sql`(${posts.eventDate}, ${posts.id}) > (${date}, ${filter.after.id}::int)`);
  }
  if (filter.region) where.push(eq(clubs.region, filter.region));
  if (filter.tag) where.push(sql`${foldedTags} @> array[f_unaccent(lower(${filter.tag}::text))]`);
  if (filter.clubId) where.push(eq(posts.clubId, filter.clubId));
  if (filter.memberId) {
    where.push(
      sql`(${clubs.ownerId} = ${filter.memberId} or exists (select 1 from club_members cm where cm.club_id = ${posts.clubId} and cm.user_id = ${filter.memberId}))`,
    );
  }
  if (filter.interestsOf) {
    where.push(sql`exists (
      select 1 from user_interests ui
      where ui.user_id = ${filter.interestsOf}
        and (ui.region = ${clubs.region}
          or ${foldedTags} && array(select f_unaccent(lower(t)) from unnest(ui.tags) t)))`);
  }
  return where;
}

type UpcomingOptions = { filter: UpcomingFilter; viewerId: number | null; limit: number };

/** Upcoming events of any club, soonest first, in (event_date, id) keyset order. */
export async function listUpcomingEvents(db: Executor, options: UpcomingOptions) {
  return await upcomingEventsStatement(db, options);
}

/** The statement itself (unexecuted), so the benchmark can EXPLAIN exactly what runs. */
export function upcomingEventsStatement(db: Executor, { filter, viewerId, limit }: UpcomingOptions) {
  return db
    .select({
      id: posts.id,
      clubId: posts.clubId,
      clubName: clubs.name,
      clubRegion: clubs.region,
      title: posts.title,
      eventDate: posts.eventDate,
      eventLocation: posts.eventLocation,
      goingCount: posts.goingCount,
      capacity: posts.capacity,
      myRsvp: eventRsvps.status,
      // The keyset position, exact (numeric epoch, not a float).
      cursorMicros: sql<string>`(extract(epoch from ${posts.eventDate}) * 1000000)::bigint::text`,
    })
    .from(posts)
    .innerJoin(clubs, eq(clubs.id, posts.clubId))
    .leftJoin(eventRsvps, and(eq(eventRsvps.postId, posts.id), eq(eventRsvps.userId, viewerId ?? 0)))
    .where(and(...conditions(filter)))
    .orderBy(asc(posts.eventDate), asc(posts.id))
    .limit(limit);
}

export type UpcomingEventRow = Awaited<ReturnType<typeof listUpcomingEvents>>[number];
