/** What /docs says about the report calls (routes.ts): the prose, kept out of the route table. */

const adminOnly = "Admins only: 401 without a token, 403 for members and owners.";

export const reportsDocs = {
  createReport: {
    summary: "Report a post, comment, chat message, club or user",
    description:
      "Body {target_type: post|comment|message|club|user, target_id, reason: harassment|not_for_minors|spam|impersonation|grooming|other, details?, block_author?} (details up to 300 characters, required for other). grooming is the reporter's “asks me for photos or personal information”: its report goes to the top of the moderation queue, marked urgent. block_author: true also blocks, in the same step, the person reported (user) or who wrote the comment or message (PUT /api/blocks/{id}, its limits included: past them 429 and nothing is filed); the answer's blocked_user_id names whom (null when not asked or the author's account is gone); 422 for a club or post. Any signed-in user, muted ones too (a banned account gets 403 like everywhere). 404 when the target does not exist or, for a chat message, the caller cannot read it (not its recipient, not a member of its club; an aviso in a club's Avisos is also readable by the club's owner); 422 for your own content or yourself and for a bad reason or details; 409 when the caller already has an open report on this target; 429 past RATE_REPORTS_PER_ACCOUNT (default 10 an hour) or RATE_REPORTS_PER_ADDRESS (200 an hour), with Retry-After. Refused reports do not count toward the limits. The reported person is never told who reported them.",
  },
  myOpenReports: {
    summary: "The caller's open reports",
    description:
      "What the caller has reported and an admin has not yet acted on (newest first, at most 1000), so screens can show “Reported”. When an admin acts, the report leaves this list and the caller gets a notice (GET /api/notifications/notices, kind report_actioned or report_dismissed).",
  },
  reportQueue: {
    summary: "The moderation queue",
    description: `Open reports grouped by target: urgent groups first (urgent: true, at least one report with reason grooming), then the most reported, then the most recently reported. Each group has its author, the text as first reported (snapshot), the content as it is now in context (the post; a comment with up to 5 comments each side in its thread; a chat message with the 8 before and 3 after it in its conversation, channel direct|club|announcements saying which, an aviso's club in club_id and club_name; the club; the person), or context null when it is gone, and each report's reporter, reason and details. ?limit= (default 20, max 100), ?offset=; X-Total-Count carries the number of groups. ${adminOnly}`,
  },
  reportCount: {
    summary: "How many reports are open",
    description: `Open reports and the distinct things they are about, for the Admin panel. ${adminOnly}`,
  },
  resolveReports: {
    summary: "Act on the open reports about one thing",
    description: `Body {target_type, target_id, action: dismiss|delete|mute|ban, days?, hours?, minutes?}. dismiss closes the reports; delete removes the post, comment, chat message or club (already gone counts as deleted; a user cannot be deleted here: 422); mute and ban restrict the author (the club's owner for a club; the person for a user) for days+hours+minutes (at least one minute, at most 3650 days: else 422; an admin cannot restrict themselves: 403). Every open report on the target is resolved; the audit log gets report.resolve with the report ids (plus the action's own entry: post.delete, comment.delete, message.delete, club.delete, user.mute, user.ban) and each reporter a notice. 404 when nothing about it is open; 409 when there is no author left to mute or ban. ${adminOnly}`,
  },
} as const;
