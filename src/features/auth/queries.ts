import { eq } from "drizzle-orm";
import { ownerRequests, users } from "../../../db/schema";
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
