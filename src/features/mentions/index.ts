/**
 * The mentions feature's public surface: what other features may use. Another feature imports
 * "../mentions" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 * Also for the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes plugin and job
 * workers (`*Routes`, `work*`, …), which no other feature uses.
 */
export { mentionsRoutes } from "./routes";
export { notifyEditMentions, notifyMessageMentions } from "./service";
