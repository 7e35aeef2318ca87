/**
 * The dashboard feature's public surface: what other modules may use. Code outside this folder imports
 * "…/features/dashboard" and nothing else of it (scripts/shape/layer-rules.ts refuses the rest).
 */

// For the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes and jobs.
export { workDashboardRollups } from "./rollup-jobs";
export { dashboardRoutes } from "./routes";
