/**
 * The auth feature's public surface: what other features may use. Another feature imports
 * "../auth" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { createAccount, screenUsername } from "./account-creation";
export { findUserByUsername, insertUser } from "./queries";
export { clearFailedLogins, newDeviceCookie, newPageCookie } from "./service";
