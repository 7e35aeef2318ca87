import { users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export async function insertAdminIfMissing(
  db: Executor,
  values: { username: string; passwordHash: string; email: string | null },
) {
  const rows = await db
    .insert(users)
    .values({
      ...values,
      role: "admin",
      firstName: "Admin",
      lastName: "ClubNica",
      emailVerified: values.email !== null,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows.length > 0;
}
