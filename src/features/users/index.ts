/**
 * The users feature's public surface: what other features may use. Another feature imports
 * "../users" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { assertNotMuted } from "./moderation";
export { restrictionJson } from "./present";
export { findVerifiedEmailHolder } from "./queries";
