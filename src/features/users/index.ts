/**
 * The users feature's public surface: what other features may use. Another feature imports
 * "../users" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 * Also for the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes plugin and job
 * workers (`*Routes`, `work*`, …), which no other feature uses.
 */
export { workEmailInUseMails } from "./email-in-use";
export { assertNotMuted } from "./moderation";
export { restrictionJson } from "./present";
export { findVerifiedEmailHolder } from "./queries";
export { userRoutes } from "./routes";
