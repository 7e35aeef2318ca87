/**
 * The auth feature's public account operations: other features (sign-up, admin's dummy users,
 * password reset) create and look up accounts, clear failed log-ins and trust the browser that
 * created an account (its device cookie) only through these.
 */

export { createAccount, screenUsername } from "./account-creation";
export { findUserByUsername, insertUser } from "./queries";
export { clearFailedLogins, newDeviceCookie, newPageCookie } from "./service";

/**
 * The unique index of the accounts table that only verified addresses are under: whoever sets
 * a verified address (profile, e-mail code, admin) turns its violation into "e-mail taken".
 */
export const VERIFIED_EMAIL_INDEX = "users_verified_email_key";
