import { and, desc, eq, sql } from "drizzle-orm";
import type { Role } from "../../../common/enums";
import { ownerRequests, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

const adminUserColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  emailVerified: users.emailVerified,
  testAccount: users.testAccount,
  banUntil: users.banUntil,
  muteUntil: users.muteUntil,
  createdAt: users.createdAt,
};

/**
 * One query per page: the search folds case and accents over username, full name and e-mail;
 * the window count gives the total for paging without a second query.
 */
export async function listUsers(db: Executor, options: { search?: string; limit: number; offset: number }) {
  const search = options.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const haystack = sql`f_unaccent(lower(concat_ws(' ', ${users.username}, ${users.firstName}, ${users.middleName}, ${users.lastName}, ${users.email})))`;
  return await db
    .select({ ...adminUserColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(pattern ? sql`${haystack} like f_unaccent(lower(${pattern}))` : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(options.limit)
    .offset(options.offset);
}

export async function findUserForModeration(db: Executor, userId: number) {
  const rows = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for("update");
  return rows[0] ?? null;
}

export async function setBanUntil(db: Executor, userId: number, until: Date | null) {
  await db.update(users).set({ banUntil: until, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setMuteUntil(db: Executor, userId: number, until: Date | null) {
  await db.update(users).set({ muteUntil: until, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setRole(db: Executor, userId: number, role: Role) {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Locks every admin row, so two demotions cannot both see "another admin remains". */
export async function lockAdmins(db: Executor) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
  return rows.length;
}

/** Giving someone the owner (or admin) role answers their pending owner request too. */
export async function approvePendingOwnerRequest(db: Executor, userId: number, adminId: number) {
  const rows = await db
    .update(ownerRequests)
    .set({ status: "approved", decidedAt: new Date(), decidedBy: adminId })
    .where(and(eq(ownerRequests.userId, userId), eq(ownerRequests.status, "pending")))
    .returning({ id: ownerRequests.id });
  return rows[0]?.id ?? null;
}
