import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export async function findSessionUser(db: Executor, id: number) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      tokenVersion: users.tokenVersion,
      banUntil: users.banUntil,
      muteUntil: users.muteUntil,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}
