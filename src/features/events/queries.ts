import { and, asc, eq, gte, sql } from "drizzle-orm";
import { clubs, eventRsvps, posts, type RsvpStatus, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** The event's row, locked for the rest of the transaction: every RSVP change queues here. */
export async function lockEvent(db: Executor, postId: number) {
  const rows = await db
    .select({
      id: posts.id,
      clubId: posts.clubId,
      isEvent: posts.isEvent,
      eventDate: posts.eventDate,
      capacity: posts.capacity,
      goingCount: posts.goingCount,
      waitlistCount: posts.waitlistCount,
      held: posts.held,
      authorId: posts.authorId,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .for("update");
  return rows[0] ?? null;
}

export type LockedEvent = NonNullable<Awaited<ReturnType<typeof lockEvent>>>;

export async function findRsvp(db: Executor, postId: number, userId: number) {
  const rows = await db
    .select({ status: eventRsvps.status, seq: eventRsvps.seq })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.postId, postId), eq(eventRsvps.userId, userId)));
  return rows[0] ?? null;
}

/** Saves an answer; `arrive` takes a new place in the arrival order (a new Going). */
export async function saveRsvp(
  db: Executor,
  values: { postId: number; userId: number; status: RsvpStatus; arrive: boolean },
) {
  const seq = values.arrive ? sql`nextval(pg_get_serial_sequence('event_rsvps', 'seq'))` : eventRsvps.seq;
  await db
    .insert(eventRsvps)
    .values({ postId: values.postId, userId: values.userId, status: values.status })
    .onConflictDoUpdate({
      target: [eventRsvps.postId, eventRsvps.userId],
      set: { status: values.status, seq, updatedAt: sql`now()` },
    });
}

export async function addToCounts(db: Executor, postId: number, going: number, waitlisted: number) {
  await db
    .update(posts)
    .set({
      goingCount: sql`${posts.goingCount} + ${going}`,
      waitlistCount: sql`${posts.waitlistCount} + ${waitlisted}`,
    })
    .where(eq(posts.id, postId));
}

/** Moves the first `count` people of the waitlist (arrival order) to Going; returns who. */
export async function promoteFromWaitlist(db: Executor, postId: number, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const rows = await db.execute<{ user_id: number }>(sql`
    update event_rsvps r set status = 'going', updated_at = now()
    from (
      select user_id from event_rsvps
      where post_id = ${postId} and status = 'waitlisted'
      order by seq
      limit ${count}
    ) first
    where r.post_id = ${postId} and r.user_id = first.user_id
    returning r.user_id`);
  return rows.map((row) => row.user_id);
}

export async function waitlistPosition(db: Executor, postId: number, seq: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventRsvps)
    .where(
      and(
        eq(eventRsvps.postId, postId),
        eq(eventRsvps.status, "waitlisted"),
        sql`${eventRsvps.seq} <= ${seq}`,
      ),
    );
  return rows[0]?.n ?? 0;
}

/** Going, then waitlisted, each in arrival order, with what an attendee list shows. */
export async function listAttendeeRows(db: Executor, postId: number) {
  return await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePictureId: users.profilePictureId,
      status: eventRsvps.status,
    })
    .from(eventRsvps)
    .innerJoin(users, eq(users.id, eventRsvps.userId))
    .where(and(eq(eventRsvps.postId, postId), sql`${eventRsvps.status} in ('going', 'waitlisted')`))
    .orderBy(asc(eventRsvps.seq));
}

/** The event with its club's owner (who may see the attendee list). */
export async function findEventClub(db: Executor, postId: number) {
  const rows = await db
    .select({
      id: posts.id,
      isEvent: posts.isEvent,
      clubId: posts.clubId,
      clubOwnerId: clubs.ownerId,
    })
    .from(posts)
    .innerJoin(clubs, eq(clubs.id, posts.clubId))
    .where(eq(posts.id, postId));
  return rows[0] ?? null;
}

/** Who is going to an event (for "moved" and "cancelled" messages). */
export async function listGoingUserIds(db: Executor, postId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: eventRsvps.userId })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.postId, postId), eq(eventRsvps.status, "going")));
  return rows.map((r) => r.userId);
}

/** Everything an event's e-mails and calendar entries show. */
export async function findEventDetails(db: Executor, postId: number) {
  const rows = await db
    .select(eventDetailColumns)
    .from(posts)
    .innerJoin(clubs, eq(clubs.id, posts.clubId))
    .where(and(eq(posts.id, postId), eq(posts.isEvent, true)));
  return rows[0] ?? null;
}

export const eventDetailColumns = {
  id: posts.id,
  clubId: posts.clubId,
  clubName: clubs.name,
  title: posts.title,
  shortDescription: posts.shortDescription,
  content: posts.content,
  eventDate: posts.eventDate,
  eventLocation: posts.eventLocation,
  updatedAt: posts.updatedAt,
  held: posts.held,
};

export type EventDetails = NonNullable<Awaited<ReturnType<typeof findEventDetails>>>;

/** What an e-mail to a user needs (their address stays on the server). */
export async function findRecipient(db: Executor, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      email: users.email,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0] ?? null;
}

export type Recipient = NonNullable<Awaited<ReturnType<typeof findRecipient>>>;

/**
 * Claims the reminder of one person for one start time. Inside the caller's transaction the new
 * row blocks any other claim of the same key until commit (sent) or rollback (not sent).
 */
export async function claimReminder(
  db: Executor,
  key: { postId: number; userId: number; startsAt: Date },
): Promise<boolean> {
  const rows = await db.execute<{ claimed: number }>(sql`
    insert into event_reminders (post_id, user_id, starts_at)
    values (${key.postId}, ${key.userId}, ${key.startsAt.toISOString()})
    on conflict do nothing
    returning 1 as claimed`);
  return rows.length > 0;
}

/** Who is going and answered before `before` (the reminder's moment): later answers need no reminder. */
export async function listUsersToRemind(db: Executor, postId: number, before: Date): Promise<number[]> {
  const rows = await db
    .select({ userId: eventRsvps.userId })
    .from(eventRsvps)
    .where(
      and(
        eq(eventRsvps.postId, postId),
        eq(eventRsvps.status, "going"),
        sql`${eventRsvps.updatedAt} <= ${before.toISOString()}`,
      ),
    )
    .orderBy(asc(eventRsvps.seq));
  return rows.map((r) => r.userId);
}

/** Future events (for queueing their reminders at start-up). */
export async function listFutureEvents(db: Executor, now: Date) {
  return await db
    .select({ id: posts.id, eventDate: posts.eventDate })
    .from(posts)
    .where(and(eq(posts.isEvent, true), gte(posts.eventDate, now)));
}

/** An event stopped being one (cancelled): its answers go, and so do its counts. */
export async function clearRsvps(db: Executor, postId: number) {
  await db.delete(eventRsvps).where(eq(eventRsvps.postId, postId));
  await db.update(posts).set({ goingCount: 0, waitlistCount: 0 }).where(eq(posts.id, postId));
}

/** The events a person is going to or waiting for (a deleted account leaves them). */
export async function listActiveRsvps(db: Executor, userId: number) {
  return await db
    .select({ postId: eventRsvps.postId, status: eventRsvps.status })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.userId, userId), sql`${eventRsvps.status} in ('going', 'waitlisted')`))
    .orderBy(asc(eventRsvps.postId));
}

export async function deleteRsvp(db: Executor, postId: number, userId: number) {
  await db.delete(eventRsvps).where(and(eq(eventRsvps.postId, postId), eq(eventRsvps.userId, userId)));
}
