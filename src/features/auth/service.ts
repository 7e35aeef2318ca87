import { formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { passwordCost } from "../../config";
import type { AppDeps } from "../../deps";
import type { Database, Executor } from "../../lib/database/client";
import { Forbidden, TooManyRequests, Unauthorized } from "../../lib/errors";
import { verifyAgainstDummy, verifyPassword } from "../../lib/passwords";
import { expiredSessionCookie, sessionCookie } from "../../lib/session-cookie";
import type { TokenClaims } from "../../lib/session-token";
import {
  deleteCountersWithPrefix,
  hasMark,
  recordMark,
  releaseHolds,
  reportRefusal,
  takeLimits,
} from "../../platform/rate-limits/service";
import type { AddressRefusals } from "./address-refusals";
import { issueDeviceCookie, readDeviceId } from "./device-cookie";
import {
  isAddressBudget,
  KNOWN_ADDRESS_WINDOW_SEC,
  knownAddressKey,
  loginChecks,
  loginKeyPrefix,
} from "./login-limits";
import { findUserByUsername } from "./queries";
import { revokeToken } from "./revocation-queries";

/** A password reset proves the owner: their failed log-ins are forgotten everywhere. */
export async function clearFailedLogins(db: Executor, username: string): Promise<void> {
  await deleteCountersWithPrefix(db, loginKeyPrefix(username));
}

/**
 * Checks a username and password. The attempt is counted (atomically, in PostgreSQL) before
 * any password is hashed, so parallel attempts cannot slip past a limit and a refusal costs no
 * hash; a right password gives its counts back, so only failures add up. Which counters an
 * attempt takes depends on whether it comes from a device that signed in before
 * (login-limits.ts). Unknown usernames are counted and hashed (against a dummy) the same way,
 * so neither the answer nor its timing tells whether an account exists. A right password
 * returns the token's claims and a fresh device cookie for this browser.
 */
export async function logIn({
  deps,
  username,
  password,
  address,
  cookieHeader,
  refusals,
}: {
  deps: Pick<AppDeps, "db" | "config" | "jwtSecret">;
  username: string;
  password: string;
  address: string;
  cookieHeader: string | null;
  /** This process's memory of addresses past their budget (address-refusals.ts). */
  refusals: AddressRefusals;
}): Promise<{ claims: TokenClaims; deviceCookie: string }> {
  const { db, config, jwtSecret: secret } = deps;
  const deviceId = readDeviceId({ secret, username, cookieHeader });
  const refusedFor = deviceId ? null : refusals.secondsLeft(address);
  if (refusedFor !== null) {
    reportRefusal("login-address");
    throw new TooManyRequests(m.auth.tooManyLoginsFromAddress, refusedFor);
  }
  const knownAddress = deviceId ? false : await hasMark(db, knownAddressKey(username, address));
  const attempt = await takeLimits(db, loginChecks({ config, username, address, deviceId, knownAddress }));
  if (!attempt.ok) {
    reportRefusal(attempt.key);
    if (!isAddressBudget(attempt.key)) throw new TooManyRequests(m.auth.tooManyLogins, attempt.retryAfterSec);
    refusals.remember(address, attempt.retryAfterSec);
    throw new TooManyRequests(m.auth.tooManyLoginsFromAddress, attempt.retryAfterSec);
  }
  const user = await findUserByUsername(db, username);
  let ok: boolean;
  try {
    // A hashing slot in turn with other addresses: a flood from one address queues behind
    // itself, not in front of everyone; a device that signed in before goes first (as one key
    // per account, so minting cookies for one account gains no more turns).
    const turn = deviceId
      ? { key: `u:${username.trim().toLowerCase()}`, trusted: true }
      : { key: `a:${address}` };
    ok = user
      ? await verifyPassword(password, user.passwordHash, turn)
      : await verifyAgainstDummy(password, passwordCost(config), turn);
  } catch (error) {
    // Not checked (the hashing queue was full): not a failure either.
    await releaseHolds(db, attempt.holds);
    throw error;
  }
  if (!user || !ok) throw new Unauthorized(m.auth.badCredentials);
  await releaseHolds(db, attempt.holds);
  await recordMark(db, { key: knownAddressKey(username, address), windowSec: KNOWN_ADDRESS_WINDOW_SEC });
  if (user.banUntil && user.banUntil > new Date()) {
    throw new Forbidden(format(m.auth.bannedUntil, { until: formatDateTime(user.banUntil) }));
  }
  return {
    claims: { sub: user.username, id: user.id, role: user.role, ver: user.tokenVersion },
    deviceCookie: newDeviceCookie({ deps, username: user.username }),
  };
}

/**
 * A `Set-Cookie` value that makes this browser a trusted device for the username: after a right
 * log-in, and for the browser that created the account (POST /signup/complete).
 */
export function newDeviceCookie({
  deps,
  username,
}: {
  deps: Pick<AppDeps, "config" | "jwtSecret">;
  username: string;
}): string {
  return issueDeviceCookie({ secret: deps.jwtSecret, username, secure: securedCookies(deps.config) });
}

/** Cookies are marked Secure when the app is served over https (PUBLIC_URL). */
function securedCookies(config: AppDeps["config"]): boolean {
  return config.PUBLIC_URL?.startsWith("https://") ?? false;
}

/**
 * The page cookie for a token just handed out (log-in, sign-up, a password change): the server
 * renders this browser's pages signed in from the next page load (src/lib/session-cookie.ts).
 * It lives as long as the token.
 */
export function newPageCookie({ deps, token }: { deps: Pick<AppDeps, "config">; token: string }): string {
  return sessionCookie({ token, maxAgeSeconds: deps.config.JWT_TTL, secure: securedCookies(deps.config) });
}

/** Removes the page cookie: log-out, or a cookie whose token no longer signs anyone in. */
export function clearedPageCookie({ deps }: { deps: Pick<AppDeps, "config"> }): string {
  return expiredSessionCookie({ secure: securedCookies(deps.config) });
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
