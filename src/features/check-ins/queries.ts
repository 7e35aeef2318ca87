import { and, asc, eq, sql } from "drizzle-orm";
import {
  clubMembers,
  clubs,
  eventCheckInKeys,
  eventCheckIns,
  eventRsvps,
  posts,
  users,
} from "../../../db/schema";
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

const expected = (postId: number, clubId: number) => sql`(
  select ${clubMembers.userId} as user_id from ${clubMembers} where ${clubMembers.clubId} = ${clubId}
  union
  select ${eventRsvps.userId} from ${eventRsvps} where ${eventRsvps.postId} = ${postId} and ${eventRsvps.status} = 'going'
)`;

/** A member of the event's club, or someone who said they are going. */
export async function selectMayCheckIn(db: Executor, event: { id: number; clubId: number }, userId: number) {
  const rows = await db.execute<{ ok: boolean }>(
    sql`select exists (select 1 from ${expected(event.id, event.clubId)} e where e.user_id = ${userId}) as ok`,
  );
  return Boolean(rows[0]?.ok);
}

/** Null when this person was already checked in (the key decides, so twice at once is once). */
export async function insertCheckIn(
  db: Executor,
  row: { postId: number; userId: number; checkedInAt: Date; addedBy: number | null },
) {
  const rows = await db
    .insert(eventCheckIns)
    .values(row)
    .onConflictDoNothing()
    .returning({ checkedInAt: eventCheckIns.checkedInAt });
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

/** Who checked in, in arrival order. */
export async function selectCheckIns(db: Executor, postId: number) {
  return await db
    .select({ ...personColumns, checkedInAt: eventCheckIns.checkedInAt, addedBy: eventCheckIns.addedBy })
    .from(eventCheckIns)
    .innerJoin(users, eq(users.id, eventCheckIns.userId))
    .where(eq(eventCheckIns.postId, postId))
    .orderBy(asc(eventCheckIns.checkedInAt), asc(users.id));
}

export const MAX_EXPECTED = 500;

/** Members and those going who have not checked in yet, by name (for adding by hand). */
export async function selectNotCheckedIn(db: Executor, event: { id: number; clubId: number }) {
  return await db
    .select(personColumns)
    .from(users)
    .where(
      and(
        sql`${users.id} in (select user_id from ${expected(event.id, event.clubId)} e)`,
        sql`not exists (select 1 from ${eventCheckIns} c where c.post_id = ${event.id} and c.user_id = ${users.id})`,
      ),
    )
    .orderBy(asc(sql`lower(coalesce(${users.firstName}, ${users.username}))`), asc(users.id))
    .limit(MAX_EXPECTED);
}

export type CheckInPersonRow = Awaited<ReturnType<typeof selectNotCheckedIn>>[number];
