/** What can be reported, why, and what an admin can do about it (shared by the API and screens). */
export const REPORT_TARGETS = ["post", "comment", "message", "club", "user"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

// "grooming" is the reporter's "asks me for photos or personal information": added after the
// first five (the stored rows and API clients keep them), listed before "other" in the dialog.
export const REPORT_REASONS = [
  "harassment",
  "not_for_minors",
  "spam",
  "impersonation",
  "grooming",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Reasons that put a report at the top of the moderation queue, marked urgent: a child may be at risk. */
export const URGENT_REPORT_REASONS = ["grooming"] as const satisfies readonly ReportReason[];

/**
 * What a report may also block, in the same step: the person it is about (a user report) or who
 * wrote it. A club or a post speaks for a club, so blocking its owner is not offered there.
 */
export const BLOCKABLE_REPORT_TARGETS = [
  "user",
  "comment",
  "message",
] as const satisfies readonly ReportTarget[];

export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
// approve: only for content a watched word held (it becomes visible; delete rejects it).
export const REPORT_ACTIONS = ["dismiss", "approve", "delete", "mute", "ban"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** The short text that "other" requires (and any reason may carry). */
export const REPORT_DETAILS_MAX = 300;
