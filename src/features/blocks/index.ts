/**
 * The blocks feature's public surface: what other features may use. Another feature imports
 * "../blocks" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { assertCanMessage, blockUser, hasBlocked } from "./service";
