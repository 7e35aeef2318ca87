/**
 * The comments feature's public surface: what other features may use. Another feature imports
 * "../comments" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */

// For the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes and jobs.
export { commentRoutes } from "./routes";
export { approveHeldComment, deleteComment, isCommentHeld } from "./service";
