import { asc, eq } from "drizzle-orm";
import { ownerRequests, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export async function listPendingOwnerRequests(db: Executor) {
  return await db
    .select({
      id: ownerRequests.id,
      userId: ownerRequests.userId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      createdAt: ownerRequests.createdAt,
    })
    .from(ownerRequests)
    .innerJoin(users, eq(users.id, ownerRequests.userId))
    .where(eq(ownerRequests.status, "pending"))
    .orderBy(asc(ownerRequests.createdAt), asc(ownerRequests.id));
}

export async function findOwnerRequestForUpdate(db: Executor, id: number) {
  const rows = await db
    .select({
      id: ownerRequests.id,
      status: ownerRequests.status,
      userId: ownerRequests.userId,
      username: users.username,
      firstName: users.firstName,
      email: users.email,
      locale: users.locale,
      role: users.role,
    })
    .from(ownerRequests)
    .innerJoin(users, eq(users.id, ownerRequests.userId))
    .where(eq(ownerRequests.id, id))
    .for("update", { of: ownerRequests });
  return rows[0] ?? null;
}

export async function decideOwnerRequest(
  db: Executor,
  options: { id: number; status: "approved" | "denied"; adminId: number },
) {
  await db
    .update(ownerRequests)
    .set({ status: options.status, decidedAt: new Date(), decidedBy: options.adminId })
    .where(eq(ownerRequests.id, options.id));
}
