/**
 * The clubs feature's public surface: what other features may use. Another feature imports
 * "../clubs" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { assertClubPermission, findClubAccess, hasClubPermission, holdsClubPermission } from "./access";
export { clubListColumns, toClubListItem } from "./list-item";
export { deleteClub } from "./service";
export { reassignClubOwner, settleTransfersOnOwnerDecision } from "./transfer-completion";
