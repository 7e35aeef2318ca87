/**
 * The chat feature's public surface: what other features may use. Another feature imports
 * "../chat" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 * Also for the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes plugin and job
 * workers (`*Routes`, `work*`, …), which no other feature uses. And for the benchmarks, the
 * statements they measure as production runs them: the hot statements and their *Statement builders
 * (scripts/bench/chat-prepared.ts, chat-explain.ts); other features never use these.
 */
export {
  markAnnouncementsDelivered,
  readAnnouncementChanges,
  readNewAnnouncements,
} from "./announcements-live";
export { removeReportedMessage } from "./delete-message";
export { approveHeldMessage, isHeldMessage } from "./held-messages";
export {
  clubPageStatement,
  conversationListStatement,
  directPageStatement,
  findClubPage,
  findDirectPage,
  listConversationRows,
} from "./hot-queries";
export type { ClubView, ClubViewer } from "./live-delivery";
export {
  conversationChangeKey,
  jsonOfView,
  LIVE_BATCH,
  markClubDelivered,
  readBlockedIdsOf,
  readClubChanges,
  readDirectUpdates,
  readNewClubMessages,
  startFollowing,
  viewsOfClubChanges,
  viewsOfClubMessages,
} from "./live-delivery";
export { pinRoutes } from "./pin-routes";
export { readPinnedMessageId } from "./pin-service";
export type { ClubRoom } from "./read-state-live";
export { readClubReadFacts, readDirectMarkFor, readNewestOwnClubMessages } from "./read-state-live";
export { readStateRoutes } from "./read-state-routes";
export { chatRoutes } from "./routes";
export type { ChatTarget } from "./service";
export { UNREAD_CAP } from "./service";
