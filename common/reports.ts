/** What can be reported, why, and what an admin can do about it (shared by the API and screens). */
export const REPORT_TARGETS = ["post", "comment", "message", "club", "user"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ["harassment", "not_for_minors", "spam", "impersonation", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

// approve: only for content a watched word held (it becomes visible; delete rejects it).
export const REPORT_ACTIONS = ["dismiss", "approve", "delete", "mute", "ban"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** The short text that "other" requires (and any reason may carry). */
export const REPORT_DETAILS_MAX = 300;
