import { and, eq, inArray, sql } from "drizzle-orm";
import {
  clubMemberDepartures,
  clubMembers,
  clubOfficers,
  clubs,
  clubTransfers,
  ownerRequests,
  users,
} from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export type TransferRow = typeof clubTransfers.$inferSelect;
const OPEN = ["offered", "awaiting_approval"] as const;

export async function insertTransfer(db: Executor, values: typeof clubTransfers.$inferInsert) {
  const rows = await db.insert(clubTransfers).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** The club's open handover, locked when `forUpdate` (every step changes it under this lock). */
export async function selectOpenTransfer(db: Executor, clubId: number, forUpdate = false) {
  const query = db
    .select()
    .from(clubTransfers)
    .where(and(eq(clubTransfers.clubId, clubId), inArray(clubTransfers.status, [...OPEN])))
    .limit(1);
  const rows = forUpdate ? await query.for("update") : await query;
  return rows[0] ?? null;
}

export async function selectTransfersAwaitingRequest(db: Executor, userId: number) {
  return await db
    .select()
    .from(clubTransfers)
    .where(and(eq(clubTransfers.toUserId, userId), eq(clubTransfers.status, "awaiting_approval")))
    .for("update");
}

export async function setTransferStatus(
  db: Executor,
  id: number,
  status: TransferRow["status"],
  ownerRequestId?: number,
) {
  await db
    .update(clubTransfers)
    .set({
      status,
      ...(ownerRequestId !== undefined ? { ownerRequestId } : {}),
      ...(status === "awaiting_approval" ? {} : { decidedAt: new Date() }),
    })
    .where(eq(clubTransfers.id, id));
}

/** The person's pending owner request, or a new one (the spec's owner request, approved by an admin). */
export async function ensurePendingOwnerRequest(db: Executor, userId: number): Promise<number> {
  const inserted = await db
    .insert(ownerRequests)
    .values({ userId })
    .onConflictDoNothing()
    .returning({ id: ownerRequests.id });
  if (inserted[0]) return inserted[0].id;
  const rows = await db
    .select({ id: ownerRequests.id })
    .from(ownerRequests)
    .where(and(eq(ownerRequests.userId, userId), eq(ownerRequests.status, "pending")));
  return rows[0]!.id;
}

export async function selectUserRole(db: Executor, userId: number) {
  const rows = await db
    .select({ role: users.role, banned: sql<boolean>`coalesce(${users.banUntil} > now(), false)` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function lockClubOwner(db: Executor, clubId: number) {
  const rows = await db
    .select({ ownerId: clubs.ownerId })
    .from(clubs)
    .where(eq(clubs.id, clubId))
    .for("update");
  return rows[0] ?? null;
}

/**
 * The membership swap of a handover: the new owner's member row becomes the old owner's (owners
 * are not members of their own club), so member_count and the other members do not move.
 */
export async function handMembershipTo(db: Executor, clubId: number, fromUserId: number, toUserId: number) {
  await db
    .update(clubMembers)
    .set({ userId: toUserId, joinedAt: sql`now()`, joinAnswers: null })
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, fromUserId)));
}

/** Ends a membership (counted, and kept for the dashboard's members over time). */
export async function dropMembership(db: Executor, clubId: number, userId: number) {
  const deleted = await db
    .delete(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)))
    .returning({ joinedAt: clubMembers.joinedAt });
  if (!deleted[0]) return;
  await db.insert(clubMemberDepartures).values({ clubId, joinedAt: deleted[0].joinedAt });
  await db
    .update(clubs)
    .set({ memberCount: sql`greatest(${clubs.memberCount} - 1, 0)` })
    .where(eq(clubs.id, clubId));
}

export async function setClubOwner(db: Executor, clubId: number, ownerId: number) {
  await db.update(clubs).set({ ownerId, updatedAt: sql`now()` }).where(eq(clubs.id, clubId));
}

export async function insertOfficerRow(
  db: Executor,
  officer: { clubId: number; userId: number; title: string; permissions: string[] },
) {
  await db.insert(clubOfficers).values(officer).onConflictDoNothing();
}
