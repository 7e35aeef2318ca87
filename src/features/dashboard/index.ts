/**
 * The dashboard feature's public surface: what other modules may use. Code outside this folder imports
 * "…/features/dashboard" and nothing else of it (scripts/shape/layer-rules.ts refuses the rest).
 * Also for the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes plugin and job
 * workers (`*Routes`, `work*`, …), which no other feature uses. And for the benchmarks, the
 * statements they measure as production runs them: the *Statement builders, DashboardScope,
 * rollUpClosedDays, resolveRange (scripts/bench/dashboard.ts); other features never use these.
 */
export type { DashboardScope } from "./queries";
export {
  chatDaysStatement,
  eventsStatement,
  membersStatement,
  postsStatement,
  requestsStatement,
  viewsStatement,
} from "./queries";
export { rollUpClosedDays, workDashboardRollups } from "./rollup-jobs";
export { dashboardRoutes } from "./routes";
export { resolveRange } from "./service";
