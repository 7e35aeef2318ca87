/**
 * The auth feature's public account operations: other features (sign-up, admin's dummy users,
 * password reset) create and look up accounts and clear failed log-ins only through these.
 */
export { findUserByUsername, insertUser } from "./queries";
export { clearFailedLogins } from "./service";
