/**
 * The notices feature's public surface: what other features may use. Another feature imports
 * "../notices" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 * Also for the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes plugin and job
 * workers (`*Routes`, `work*`, …), which no other feature uses.
 */

export { clubMessageNoticesStatement, pushableNoticeIds } from "./club-message-queries";
export type { ListedNotice } from "./listed";
export { findListedNotices } from "./listed";
export type { NoticePushJob } from "./push-queue";
export { NOTICE_PUSH_JOB_OPTIONS, NOTICE_PUSH_QUEUE } from "./push-queue";
export type { NoticeWriter } from "./record";
export {
  fanOutClubPost,
  notifyAnnouncement,
  notifyClubMembers,
  notifyClubOwner,
  notifyDirectMessage,
  notifyMentioned,
  notifyPostComment,
  notifyUsers,
  queueNoticePushIds,
  readConversationNotice,
  readConversationNoticeFor,
  readJoinRequestNotices,
  workNoticeFanOut,
} from "./record";
export { noticeImage, noticePath, renderNoticeText } from "./render";
export { noticeRoutes } from "./routes";
export { listNotices, readNoticeCounts } from "./service";
