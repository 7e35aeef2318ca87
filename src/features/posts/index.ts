/**
 * The posts feature's public surface: what other features may use. Another feature imports
 * "../posts" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { approveHeldPost, isHeldPost } from "./held-posts";
export { parseDate } from "./post-input";
// For the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes and jobs.
export { postRoutes } from "./routes";
export { deletePost } from "./service";
