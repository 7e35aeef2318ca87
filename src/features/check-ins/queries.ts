import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  clubMembers,
  clubs,
  eventCheckInKeys,
  eventCheckIns,
  eventRsvps,
  posts,
  users,
} from "../../../db/schema";
import type { CheckInStatus } from "../../../db/schema/check-ins";
import type { Executor } from "../../lib/database/client";

/** The event post with its club's owner: what every check-in rule needs. */
export async function selectCheckInEvent(db: Executor, postId: number) {
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      isEvent: posts.isEvent,
      eventDate: posts.eventDate,
      held: posts.held,
      clubId: posts.clubId,
      ownerId: clubs.ownerId,
    })
    .from(posts)
    .innerJoin(clubs, eq(clubs.id, posts.clubId))
    .where(eq(posts.id, postId))
    .limit(1);
  return rows[0] ?? null;
}

export async function selectCheckInSecret(db: Executor, postId: number): Promise<string | null> {
  const rows = await db
    .select({ secret: eventCheckInKeys.secret })
    .from(eventCheckInKeys)
    .where(eq(eventCheckInKeys.postId, postId));
  return rows[0]?.secret ?? null;
}

/** Keeps the first secret when two screens open at once (the key decides). */
export async function insertCheckInSecret(db: Executor, postId: number, secret: string): Promise<string> {
  await db.insert(eventCheckInKeys).values({ postId, secret }).onConflictDoNothing();
  return (await selectCheckInSecret(db, postId))!;
}

/** Everyone expected at the event, with since when: club members (joined) and those going (answered). */
const expected = (postId: number, clubId: number) => sql`(
  select ${clubMembers.userId} as user_id, ${clubMembers.joinedAt} as since from ${clubMembers} where ${clubMembers.clubId} = ${clubId}
  union all
  select ${eventRsvps.userId}, ${eventRsvps.updatedAt} from ${eventRsvps} where ${eventRsvps.postId} = ${postId} and ${eventRsvps.status} = 'going'
)`;

/**
 * Since when this person has been a member of the event's club or going to it (the earlier of
 * the two); null when they are neither. A going answer's time is when it was last saved.
 */
export async function selectExpectedSince(
  db: Executor,
  event: { id: number; clubId: number },
  userId: number,
): Promise<Date | null> {
  const rows = await db.execute<{ since: string | Date | null }>(
    sql`select min(e.since) as since from ${expected(event.id, event.clubId)} e where e.user_id = ${userId}`,
  );
  const since = rows[0]?.since;
  return since ? new Date(since) : null;
}

const checkInColumns = {
  userId: eventCheckIns.userId,
  checkedInAt: eventCheckIns.checkedInAt,
  status: eventCheckIns.status,
};

export type CheckInRow = { userId: number; checkedInAt: Date; status: CheckInStatus };

/**
 * One row per person and event (the key decides, so twice at once is one row). A present
 * check-in replaces a pending or rejected one (the person showed a live code after all); any
 * other repeat changes nothing and returns null, for the caller to read what is there.
 */
export async function upsertCheckIn(
  db: Executor,
  row: { postId: number; userId: number; checkedInAt: Date; addedBy: number | null; status: CheckInStatus },
): Promise<CheckInRow | null> {
  const rows = await db
    .insert(eventCheckIns)
    .values({ ...row, receivedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [eventCheckIns.postId, eventCheckIns.userId],
      set: {
        status: sql`excluded.status`,
        checkedInAt: sql`excluded.checked_in_at`,
        addedBy: sql`excluded.added_by`,
        receivedAt: sql`excluded.received_at`,
        reviewedBy: null,
        reviewedAt: null,
      },
      setWhere: sql`excluded.status = 'present' and ${eventCheckIns.status} <> 'present'`,
    })
    .returning(checkInColumns);
  return rows[0] ?? null;
}

export async function selectCheckIn(
  db: Executor,
  postId: number,
  userId: number,
): Promise<CheckInRow | null> {
  const rows = await db
    .select(checkInColumns)
    .from(eventCheckIns)
    .where(and(eq(eventCheckIns.postId, postId), eq(eventCheckIns.userId, userId)));
  return rows[0] ?? null;
}

/** A pending check-in confirmed or rejected by `reviewerId`; null when it was not pending. */
export async function reviewPendingCheckIn(
  db: Executor,
  {
    postId,
    userId,
    reviewerId,
    to,
  }: { postId: number; userId: number; reviewerId: number; to: CheckInStatus },
): Promise<CheckInRow | null> {
  const rows = await db
    .update(eventCheckIns)
    .set({ status: to, reviewedBy: reviewerId, reviewedAt: sql`now()` })
    .where(
      and(
        eq(eventCheckIns.postId, postId),
        eq(eventCheckIns.userId, userId),
        eq(eventCheckIns.status, "pending"),
      ),
    )
    .returning(checkInColumns);
  return rows[0] ?? null;
}

const personColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  profilePictureId: users.profilePictureId,
};

/** Who checked in (present or pending; a rejected one is not in), in claimed order. */
export async function selectCheckIns(db: Executor, postId: number) {
  return await db
    .select({
      ...personColumns,
      checkedInAt: eventCheckIns.checkedInAt,
      receivedAt: eventCheckIns.receivedAt,
      addedBy: eventCheckIns.addedBy,
      status: eventCheckIns.status,
    })
    .from(eventCheckIns)
    .innerJoin(users, eq(users.id, eventCheckIns.userId))
    .where(and(eq(eventCheckIns.postId, postId), ne(eventCheckIns.status, "rejected")))
    .orderBy(asc(eventCheckIns.checkedInAt), asc(users.id));
}

const MAX_EXPECTED = 500;

/**
 * Members and those going who have not checked in yet (a rejected check-in counts as not), by
 * name (for adding by hand).
 */
export async function selectNotCheckedIn(db: Executor, event: { id: number; clubId: number }) {
  return await db
    .select(personColumns)
    .from(users)
    .where(
      and(
        sql`${users.id} in (select user_id from ${expected(event.id, event.clubId)} e)`,
        sql`not exists (select 1 from ${eventCheckIns} c where c.post_id = ${event.id} and c.user_id = ${users.id} and c.status <> 'rejected')`,
      ),
    )
    .orderBy(asc(sql`lower(coalesce(${users.firstName}, ${users.username}))`), asc(users.id))
    .limit(MAX_EXPECTED);
}

export type CheckInPersonRow = Awaited<ReturnType<typeof selectNotCheckedIn>>[number];
