import { and, count, eq, gt, lt, min } from "drizzle-orm";
import { loginFailures, ownerRequests, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export async function findUserByUsername(db: Executor, username: string) {
  const rows = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return rows[0] ?? null;
}

/** A new account, or null when the username is taken. */
export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const rows = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id, username: users.username, role: users.role });
  return rows[0] ?? null;
}

export async function insertOwnerRequest(db: Executor, userId: number) {
  await db.insert(ownerRequests).values({ userId }).onConflictDoNothing();
}

export async function recordLoginFailure(db: Executor, username: string) {
  await db.insert(loginFailures).values({ username });
}

export async function countRecentLoginFailures(db: Executor, username: string, since: Date) {
  const rows = await db
    .select({ failures: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, username), gt(loginFailures.createdAt, since)));
  return { failures: rows[0]?.failures ?? 0, oldest: rows[0]?.oldest ?? null };
}

export async function clearLoginFailures(db: Executor, username: string, before?: Date) {
  await db
    .delete(loginFailures)
    .where(
      before
        ? and(eq(loginFailures.username, username), lt(loginFailures.createdAt, before))
        : eq(loginFailures.username, username),
    );
}
