import { and, desc, eq, or, sql } from "drizzle-orm";
import { userBlocks, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export async function userExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return rows.length > 0;
}

/** Idempotent: blocking someone already blocked keeps the first date. */
export async function insertBlock(db: Executor, blockerId: number, blockedId: number) {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Executor, blockerId: number, blockedId: number) {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** The people a user blocked, most recent first. */
export async function selectBlockedUsers(db: Executor, blockerId: number) {
  return await db
    .select({
      userId: users.id,
      username: sql<string>`${users.username}::text`,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePictureId: users.profilePictureId,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
}

/** Which of the two directions hold a block between a and b. */
export async function findBlocksBetween(db: Executor, a: number, b: number) {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    );
  return {
    aBlockedB: rows.some((row) => row.blockerId === a),
    bBlockedA: rows.some((row) => row.blockerId === b),
  };
}
