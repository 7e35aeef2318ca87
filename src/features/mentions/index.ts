/**
 * The mentions feature's public surface: what other features may use. Another feature imports
 * "../mentions" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */

// For the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes and jobs.
export { mentionsRoutes } from "./routes";
export { notifyMessageMentions } from "./service";
