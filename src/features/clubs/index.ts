/**
 * The clubs feature's public surface: what other features may use. Another feature imports
 * "../clubs" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { assertClubPermission, findClubAccess, hasClubPermission, holdsClubPermission } from "./access";
export { clubListColumns, toClubListItem } from "./list-item";
// For the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes and jobs.
export { officerRoutes } from "./officer-routes";
export { clubRoutes } from "./routes";
export { deleteClub } from "./service";
export { reassignClubOwner, settleTransfersOnOwnerDecision } from "./transfer-completion";
