import { formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { passwordCost } from "../../config";
import type { AppDeps } from "../../deps";
import type { Database, Executor } from "../../lib/database/client";
import { Forbidden, TooManyRequests, Unauthorized } from "../../lib/errors";
import { verifyAgainstDummy, verifyPassword } from "../../lib/passwords";
import type { TokenClaims } from "../../lib/session-token";
import {
  deleteCountersWithPrefix,
  releaseHolds,
  reportRefusal,
  takeLimits,
} from "../../platform/rate-limits/service";
import { findUserByUsername } from "./queries";
import { revokeToken } from "./revocation-queries";

/** Every failed-log-in counter of an account starts with this (see clearFailedLogins). */
function loginKeyPrefix(username: string): string {
  return `login:${username.trim().toLowerCase()}:`;
}

/** A password reset proves the owner: their failed log-ins are forgotten everywhere. */
export async function clearFailedLogins(db: Executor, username: string): Promise<void> {
  await deleteCountersWithPrefix(db, loginKeyPrefix(username));
}

/**
 * Checks a username and password. The attempt is counted (atomically, in PostgreSQL) before
 * the password is checked, so parallel attempts cannot slip past the limit; a right password
 * gives its count back, so only failures add up. Failures are limited tightly per account and
 * client address and loosely per account, and an address's attempts reach the account-wide
 * count only while that address is under its own limit: a stranger's wrong tries from
 * elsewhere cannot stop the student who has the right password. Unknown usernames are counted
 * the same way, so the answer never tells whether an account exists.
 */
export async function logIn({
  deps,
  username,
  password,
  address,
}: {
  deps: Pick<AppDeps, "db" | "config">;
  username: string;
  password: string;
  address: string;
}): Promise<TokenClaims> {
  const { db, config } = deps;
  const prefix = loginKeyPrefix(username);
  const attempt = await takeLimits(db, [
    { key: `${prefix}a:${address}`, rate: config.RATE_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS },
    { key: `${prefix}all`, rate: config.RATE_LOGIN_FAILURES_PER_ACCOUNT },
  ]);
  if (!attempt.ok) {
    reportRefusal(attempt.key);
    throw new TooManyRequests(m.auth.tooManyLogins, attempt.retryAfterSec);
  }
  const user = await findUserByUsername(db, username);
  const ok = user
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstDummy(password, passwordCost(config));
  if (!user || !ok) throw new Unauthorized(m.auth.badCredentials);
  await releaseHolds(db, attempt.holds);
  if (user.banUntil && user.banUntil > new Date()) {
    throw new Forbidden(format(m.auth.bannedUntil, { until: formatDateTime(user.banUntil) }));
  }
  return { sub: user.username, id: user.id, role: user.role, ver: user.tokenVersion };
}

/**
 * Log-out: this token is refused from now on (every authenticated request checks the list);
 * the person's other tokens, on other devices, keep working. A password change still refuses
 * them all, through the token version.
 */
export async function logOut({
  db,
  userId,
  token,
}: {
  db: Database;
  userId: number;
  token: { hash: string; expiresAt: Date };
}): Promise<void> {
  await revokeToken(db, { tokenHash: token.hash, userId, expiresAt: token.expiresAt });
}
