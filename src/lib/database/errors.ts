/** Postgres unique violation on a named constraint (drizzle wraps the driver error in `cause`). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: string; constraint_name?: string; cause?: unknown };
    if (e.code === "23505" && e.constraint_name === constraint) return true;
    current = e.cause;
  }
  return false;
}

/**
 * The unique index of the accounts table that only verified addresses are under
 * (db/schema/users.ts): whoever sets a verified address (profile, e-mail code, admin) turns its
 * violation into "e-mail taken". Here, below every feature, because four features need it.
 */
export const VERIFIED_EMAIL_INDEX = "users_verified_email_key";
