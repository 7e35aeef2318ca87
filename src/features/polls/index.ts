/**
 * The polls feature's public surface: what other features may use. Another feature imports
 * "../polls" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { readPollAudience, readPollCounts } from "./live-counts";

// For the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes and jobs.
export { pollRoutes } from "./routes";
