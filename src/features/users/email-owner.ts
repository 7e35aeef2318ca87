/** The users feature's public e-mail rules: only a verified address belongs to one account. */
export { findVerifiedEmailHolder, VERIFIED_EMAIL_INDEX } from "./queries";
