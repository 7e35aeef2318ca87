/**
 * The comments feature's public surface: what other features may use. Another feature imports
 * "../comments" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { approveHeldComment, deleteComment, isCommentHeld } from "./service";
