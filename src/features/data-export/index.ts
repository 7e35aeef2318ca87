/**
 * The data-export feature's public surface: what other modules may use. Code outside this folder imports
 * "…/features/data-export" and nothing else of it (scripts/shape/layer-rules.ts refuses the rest).
 * Also for the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes plugin and job
 * workers (`*Routes`, `work*`, …), which no other feature uses.
 */
export { workDataExports } from "./export-jobs";
export { dataExportRoutes } from "./routes";
