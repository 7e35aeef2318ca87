import type { Config } from "../../config";
import type { LimitCheck } from "../../platform/rate-limits/service";

/** Every failed-log-in counter of an account starts with this (see clearFailedLogins). */
export function loginKeyPrefix(username: string): string {
  return `login:${username.trim().toLowerCase()}:`;
}

/** How long an address stays known for a username after a right log-in from it: 30 to 60 days. */
export const KNOWN_ADDRESS_WINDOW_SEC = 30 * 86_400;

/**
 * The mark of a right log-in for this username from this address. Not under the failure
 * counters' prefix: a password reset forgets failures, not where the student signs in.
 */
export function knownAddressKey(username: string, address: string): string {
  return `login-known:${username.trim().toLowerCase()}:${address}`;
}

/**
 * The counters a log-in attempt takes before any password is hashed (a right password gives
 * them back, so only failures add up):
 * - from a trusted device (a valid device cookie for this username, device-cookie.ts): that
 *   device's failures, and the account's devices together. Strangers cannot add to either, so
 *   they can never lock out a browser the student signed in from before.
 * - from an untrusted client (no such cookie: a new browser, curl): the client address's budget
 *   whatever the usernames (what one network may make the server hash), the (username, address)
 *   pair, then the untrusted clients of this username together, the lock-out that stops
 *   guessing from many addresses. Checked in this order, and a refused hit is given back, so an
 *   address adds to the later counts only while it is under its own limits. An address the
 *   username signed in from before (`knownAddress`: a curl client at home, a browser that
 *   clears its cookies) is spared the lock-out: strangers elsewhere cannot stop it, and its own
 *   tries stay limited per (username, address).
 * The same keys are taken whether or not the username exists, so neither the answer nor its
 * timing tells.
 */
export function loginChecks({
  config,
  username,
  address,
  deviceId,
  knownAddress,
}: {
  config: Pick<
    Config,
    | "RATE_LOGIN_FAILURES_PER_ADDRESS"
    | "RATE_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS"
    | "RATE_LOGIN_FAILURES_PER_ACCOUNT"
    | "RATE_LOGIN_FAILURES_PER_DEVICE"
  >;
  username: string;
  address: string;
  deviceId: string | null;
  knownAddress: boolean;
}): LimitCheck[] {
  const prefix = loginKeyPrefix(username);
  if (deviceId) {
    return [
      { key: `${prefix}d:${deviceId}`, rate: config.RATE_LOGIN_FAILURES_PER_DEVICE },
      { key: `${prefix}devices`, rate: config.RATE_LOGIN_FAILURES_PER_ACCOUNT },
    ];
  }
  const checks = [
    { key: `login-address:a:${address}`, rate: config.RATE_LOGIN_FAILURES_PER_ADDRESS },
    { key: `${prefix}a:${address}`, rate: config.RATE_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS },
  ];
  if (!knownAddress) checks.push({ key: `${prefix}untrusted`, rate: config.RATE_LOGIN_FAILURES_PER_ACCOUNT });
  return checks;
}

/** Whether a refusal came from the address's budget (its own message: the network, not the account). */
export function isAddressBudget(key: string): boolean {
  return key.startsWith("login-address:");
}
