import { and, asc, eq, sql } from "drizzle-orm";
import { clubMembers, clubOfficers, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** The permissions an officer holds in a club; null when the person is no officer of it. */
export async function selectOfficerPermissions(db: Executor, clubId: number, userId: number) {
  const rows = await db
    .select({ permissions: clubOfficers.permissions })
    .from(clubOfficers)
    .where(and(eq(clubOfficers.clubId, clubId), eq(clubOfficers.userId, userId)))
    .limit(1);
  return rows[0]?.permissions ?? null;
}

export async function selectIsClubMember(db: Executor, clubId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Names or renames an officer; returns whether the row is new. */
export async function upsertOfficer(
  db: Executor,
  officer: { clubId: number; userId: number; title: string; permissions: string[] },
): Promise<boolean> {
  const rows = await db
    .insert(clubOfficers)
    .values(officer)
    .onConflictDoUpdate({
      target: [clubOfficers.clubId, clubOfficers.userId],
      set: { title: officer.title, permissions: officer.permissions, updatedAt: sql`now()` },
    })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  return Boolean(rows[0]?.inserted);
}

export async function deleteOfficerRow(db: Executor, clubId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(clubOfficers)
    .where(and(eq(clubOfficers.clubId, clubId), eq(clubOfficers.userId, userId)))
    .returning({ userId: clubOfficers.userId });
  return rows.length > 0;
}

/** The Directiva in the order it was named. */
export async function selectOfficers(db: Executor, clubId: number) {
  return await db
    .select({
      userId: clubOfficers.userId,
      title: clubOfficers.title,
      permissions: clubOfficers.permissions,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(clubOfficers)
    .innerJoin(users, eq(users.id, clubOfficers.userId))
    .where(eq(clubOfficers.clubId, clubId))
    .orderBy(asc(clubOfficers.createdAt), asc(clubOfficers.userId));
}
