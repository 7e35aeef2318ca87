import { and, asc, desc, eq, or, type SQL, sql } from "drizzle-orm";
import {
  clubMemberDepartures,
  clubMembers,
  clubs,
  connectionRequests,
  type JoinAnswer,
  joinRequestOutcomes,
  type RequestOutcome,
  users,
} from "../../../db/schema";
import type { Executor } from "../../lib/database/client";
import { clubListColumns } from "../clubs";

/** A profile counts as completed once first name, last name and e-mail are filled in. */
export async function selectProfileCompleted(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({
      ok: sql<boolean>`coalesce(trim(${users.firstName}), '') <> '' and coalesce(trim(${users.lastName}), '') <> '' and coalesce(trim(${users.email}::text), '') <> ''`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(rows[0]?.ok);
}

export async function selectIsMember(db: Executor, clubId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Null when this user already has a request for this club (the unique index decides). */
export async function insertRequest(
  db: Executor,
  clubId: number,
  userId: number,
  answers: JoinAnswer[] | null = null,
) {
  const rows = await db
    .insert(connectionRequests)
    .values({ clubId, userId, answers })
    .onConflictDoNothing()
    .returning({ id: connectionRequests.id });
  return rows[0]?.id ?? null;
}

const requestColumns = {
  id: connectionRequests.id,
  clubId: connectionRequests.clubId,
  userId: connectionRequests.userId,
  answers: connectionRequests.answers,
  createdAt: connectionRequests.createdAt,
  club: clubListColumns,
  user: {
    id: users.id,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    profilePictureId: users.profilePictureId,
  },
};

/**
 * The requests `decider` decides on (issue 49): those to the clubs they own, when they hold the
 * owner role (`owns`), and to the clubs where they are an officer with accept_requests; never
 * those of people they blocked (nor those requests' answers). The badge and the bell count the
 * same (notifications/queries.ts, notices/queries.ts).
 */
function decidedBy(decider: { userId: number; owns: boolean }): SQL {
  const owned = decider.owns ? sql`${clubs.ownerId} = ${decider.userId} or ` : sql``;
  return sql`(${owned}exists (select 1 from club_officers o where o.club_id = ${clubs.id}
      and o.user_id = ${decider.userId} and 'accept_requests' = any(o.permissions)))
    and not exists (select 1 from user_blocks b
      where b.blocker_id = ${decider.userId} and b.blocked_id = ${connectionRequests.userId})`;
}

/** Requests with their club and user, one query: by id, by sender, by who decides them, or all. */
export async function selectRequests(
  db: Executor,
  filter: {
    id?: number;
    senderId?: number;
    decider?: { userId: number; owns: boolean };
    clubId?: number;
  },
  page: { limit: number; offset: number } = { limit: 1, offset: 0 },
) {
  const where: SQL[] = [];
  if (filter.id !== undefined) where.push(eq(connectionRequests.id, filter.id));
  if (filter.senderId !== undefined) where.push(eq(connectionRequests.userId, filter.senderId));
  if (filter.decider !== undefined) where.push(decidedBy(filter.decider));
  if (filter.clubId !== undefined) where.push(eq(connectionRequests.clubId, filter.clubId));
  return await db
    .select(requestColumns)
    .from(connectionRequests)
    .innerJoin(clubs, eq(clubs.id, connectionRequests.clubId))
    .innerJoin(users, eq(users.id, connectionRequests.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(connectionRequests.createdAt), desc(connectionRequests.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

export async function selectRequestAccess(db: Executor, id: number) {
  const rows = await db
    .select({
      id: connectionRequests.id,
      clubId: connectionRequests.clubId,
      userId: connectionRequests.userId,
      ownerId: clubs.ownerId,
    })
    .from(connectionRequests)
    .innerJoin(clubs, eq(clubs.id, connectionRequests.clubId))
    .where(eq(connectionRequests.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Deleting is the claim: of two concurrent accepts only one gets the row back. */
export async function deleteRequest(db: Executor, id: number) {
  const rows = await db.delete(connectionRequests).where(eq(connectionRequests.id, id)).returning({
    clubId: connectionRequests.clubId,
    userId: connectionRequests.userId,
    answers: connectionRequests.answers,
    createdAt: connectionRequests.createdAt,
  });
  return rows[0] ?? null;
}

/** Keeps how a deleted request ended, for the owners' dashboard (requests are deleted when answered). */
export async function insertRequestOutcome(
  db: Executor,
  outcome: { clubId: number; requestedAt: Date; outcome: RequestOutcome },
) {
  await db.insert(joinRequestOutcomes).values(outcome);
}

export async function deleteRequestFor(db: Executor, clubId: number, userId: number) {
  await db
    .delete(connectionRequests)
    .where(and(eq(connectionRequests.clubId, clubId), eq(connectionRequests.userId, userId)));
}

/**
 * Adds a member and bumps member_count only when the row was really inserted, in the caller's
 * transaction; the atomic `+ 1` keeps the count right under concurrent accepts.
 */
export async function addMember(
  db: Executor,
  clubId: number,
  userId: number,
  joinAnswers: JoinAnswer[] | null = null,
): Promise<boolean> {
  const inserted = await db
    .insert(clubMembers)
    .values({ clubId, userId, joinAnswers })
    .onConflictDoNothing()
    .returning({ userId: clubMembers.userId });
  if (!inserted.length) return false;
  await db
    .update(clubs)
    .set({ memberCount: sql`${clubs.memberCount} + 1` })
    .where(eq(clubs.id, clubId));
  return true;
}

/** The mirror of addMember: decrements only when a row was really deleted. */
export async function removeMember(db: Executor, clubId: number, userId: number): Promise<boolean> {
  const deleted = await db
    .delete(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)))
    .returning({ joinedAt: clubMembers.joinedAt });
  const [departed] = deleted;
  if (!departed) return false;
  // Members over time are rebuilt from current members plus these departures.
  await db.insert(clubMemberDepartures).values({ clubId, joinedAt: departed.joinedAt });
  await db
    .update(clubs)
    .set({ memberCount: sql`greatest(${clubs.memberCount} - 1, 0)` })
    .where(eq(clubs.id, clubId));
  return true;
}

const MAX_CONNECTIONS = 500;

/** Clubs a user belongs to or owns, with the latest club-chat message (not for owners, who do
 * not see their club's chat; one messages_club_idx probe per club). */
export async function selectMyClubs(db: Executor, userId: number) {
  const isMember = sql`exists (select 1 from ${clubMembers} where ${clubMembers.clubId} = ${clubs.id} and ${clubMembers.userId} = ${userId})`;
  const lastClubMessage = sql`lateral (
    select m.content, m.created_at from messages m
    where m.club_id = ${clubs.id} and ${clubs.ownerId} is distinct from ${userId}
    order by m.id desc limit 1
  ) as last_message`;
  return await db
    .select({
      ...clubListColumns,
      isOwner: sql<boolean>`${clubs.ownerId} is not distinct from ${userId}`,
      lastMessageContent: sql<string | null>`last_message.content`,
      lastMessageAt: sql<Date | null>`last_message.created_at`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(clubs)
    .leftJoin(lastClubMessage, sql`true`)
    .where(or(eq(clubs.ownerId, userId), isMember))
    .orderBy(asc(clubs.name), asc(clubs.id))
    .limit(MAX_CONNECTIONS);
}

/** Members of the clubs a user owns, with the latest direct message between the two. */
export async function selectMembersOfOwnedClubs(db: Executor, ownerId: number) {
  const lastDirect = sql`lateral (
    select m.content, m.created_at from messages m
    where m.user_low = least(${ownerId}::int, ${users.id}) and m.user_high = greatest(${ownerId}::int, ${users.id})
    order by m.id desc limit 1
  ) as last_message`;
  return await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePictureId: users.profilePictureId,
      clubId: clubs.id,
      clubName: clubs.name,
      lastMessageContent: sql<string | null>`last_message.content`,
      lastMessageAt: sql<Date | null>`last_message.created_at`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(clubMembers)
    .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
    .innerJoin(users, eq(users.id, clubMembers.userId))
    .leftJoin(lastDirect, sql`true`)
    .where(eq(clubs.ownerId, ownerId))
    .orderBy(asc(clubs.name), asc(clubs.id), asc(users.username))
    .limit(MAX_CONNECTIONS);
}

/** A club's members for the owner's CSV: who, since when, their join answers (oldest first). */
export async function selectMembersForExport(db: Executor, clubId: number) {
  return await db
    .select({
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      joinedAt: clubMembers.joinedAt,
      joinAnswers: clubMembers.joinAnswers,
    })
    .from(clubMembers)
    .innerJoin(users, eq(users.id, clubMembers.userId))
    .where(eq(clubMembers.clubId, clubId))
    .orderBy(asc(clubMembers.joinedAt), asc(users.id));
}
