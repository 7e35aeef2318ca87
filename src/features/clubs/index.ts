/**
 * The clubs feature's public surface: what other features may use. Another feature imports
 * "../clubs" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 * Also for the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes plugin and job
 * workers (`*Routes`, `work*`, …), which no other feature uses. And for the benchmarks, the
 * statements they measure as production runs them: clubPageQuery, selectTopClubs, ClubPageOptions
 * (scripts/bench/clubs.ts); other features never use these.
 */
export { assertClubPermission, findClubAccess, hasClubPermission, holdsClubPermission } from "./access";
export { clubListColumns, toClubListItem } from "./list-item";
export { officerRoutes } from "./officer-routes";
export type { ClubPageOptions } from "./queries";
export { clubPageQuery, selectTopClubs } from "./queries";
export { clubRoutes } from "./routes";
export { deleteClub } from "./service";
export { reassignClubOwner, settleTransfersOnOwnerDecision } from "./transfer-completion";
