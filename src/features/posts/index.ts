/**
 * The posts feature's public surface: what other features may use. Another feature imports
 * "../posts" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 * Also for the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes plugin and job
 * workers (`*Routes`, `work*`, …), which no other feature uses. And for the benchmarks, the
 * statements they measure as production runs them: feedPageQuery, decodeCursor
 * (scripts/bench/feed.ts); other features never use these.
 */
export { feedPageQuery } from "./feed-queries";
export { decodeCursor } from "./feed-service";
export { approveHeldPost, isHeldPost } from "./held-posts";
export { parseDate } from "./post-input";
export { postRoutes } from "./routes";
export { deletePost } from "./service";
