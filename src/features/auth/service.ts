import type { z } from "zod";
import { formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import type { Database, Executor } from "../../lib/database/client";
import { Conflict, Forbidden, TooManyRequests, Unauthorized } from "../../lib/errors";
import { recordRateLimitRefusal } from "../../lib/metrics";
import type { TokenClaims } from "../../lib/session-token";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import {
  clearLoginFailures,
  countRecentLoginFailures,
  findUserByUsername,
  insertOwnerRequest,
  insertUser,
  recordLoginFailure,
} from "./queries";
import type { signupBody } from "./schema";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 10;

/**
 * Creates a member account. Asking for "owner" records a pending owner request; the account
 * stays a member until an admin approves it.
 */
export async function signUp({ db, input }: { db: Database; input: z.output<typeof signupBody> }) {
  const passwordHash = await hashPassword(input.password);
  return await db.transaction(async (tx) => {
    const user = await createAccount(tx, { username: input.username, passwordHash, role: input.role });
    return { ...user, owner_request_pending: input.role === "owner" };
  });
}

/**
 * The account part of both signups (/signup and /signup/complete), inside the caller's
 * transaction: a member account, plus a pending owner request when "owner" was asked for.
 */
export async function createAccount(
  tx: Executor,
  { username, passwordHash, role }: { username: string; passwordHash: string; role: "member" | "owner" },
) {
  const user = await insertUser(tx, { username, passwordHash, role: "member" });
  if (!user) throw new Conflict(m.auth.usernameTaken);
  if (role === "owner") await insertOwnerRequest(tx, user.id);
  return user;
}

/**
 * Checks a username and password. Failures are counted per username (never per IP address: a
 * whole school shares one); too many in the window gives 429 until the window passes.
 */
export async function logIn({
  db,
  username,
  password,
}: {
  db: Database;
  username: string;
  password: string;
}): Promise<TokenClaims> {
  const windowStart = new Date(Date.now() - LOGIN_WINDOW_MS);
  const recent = await countRecentLoginFailures(db, username, windowStart);
  if (recent.failures >= LOGIN_MAX_FAILURES) {
    const oldest = recent.oldest ? new Date(recent.oldest).getTime() : Date.now();
    const retryAfter = (oldest + LOGIN_WINDOW_MS - Date.now()) / 1000;
    recordRateLimitRefusal("login");
    throw new TooManyRequests(m.auth.tooManyLogins, retryAfter);
  }
  const user = await findUserByUsername(db, username);
  const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !ok) {
    await recordLoginFailure(db, username);
    await clearLoginFailures(db, username, windowStart);
    throw new Unauthorized(m.auth.badCredentials);
  }
  if (user.banUntil && user.banUntil > new Date()) {
    throw new Forbidden(format(m.auth.bannedUntil, { until: formatDateTime(user.banUntil) }));
  }
  await clearLoginFailures(db, username);
  return { sub: user.username, id: user.id, role: user.role, ver: user.tokenVersion };
}
