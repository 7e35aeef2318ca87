import type { PasswordCost } from "../../config";
import type { Database } from "../../lib/database/client";
import type { Logger } from "../../lib/logger";
import { hashPassword } from "../../lib/passwords";
import { insertAdminIfMissing } from "./queries";

/**
 * Makes sure the ADMIN_USERNAME account exists. Idempotent: an existing account with that name
 * is left exactly as it is (no password reset, no role change), and replicas racing here
 * cannot create two.
 */
export async function ensureAdmin({
  db,
  logger,
  username,
  password,
  email,
  cost,
}: {
  db: Database;
  logger: Logger;
  username: string;
  password: string;
  email?: string;
  cost: PasswordCost;
}) {
  const passwordHash = await hashPassword(password, cost);
  const created = await insertAdminIfMissing(db, { username, passwordHash, email: email ?? null });
  if (created) logger.info({ username }, "admin account created");
}
