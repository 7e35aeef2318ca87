/** The users feature's public e-mail check: an address belongs to at most one account. */
export { isEmailUsedByOther } from "./queries";
