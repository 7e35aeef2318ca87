/**
 * The email-codes feature's public surface: what other features may use. Another feature imports
 * "../email-codes" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { expireLiveCodes, issueResetCodeForAdmin } from "./codes";
