import { z } from "zod";
import { m } from "../messages";
import {
  BLOCKABLE_REPORT_TARGETS,
  REPORT_ACTIONS,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
} from "../reports";
import { MAX_INT, pageFields } from "./params";

const targetType = z.enum(REPORT_TARGETS, { error: () => m.reports.targetInvalid });
// Every id the app hands out fits an int (chat message ids are bigint columns, but the audit
// log's target_id is an int, and two billion messages are far off).
const targetId = z.coerce.number().int().positive().max(MAX_INT);

export const createReportBody = z
  .object({
    target_type: targetType,
    target_id: targetId,
    reason: z.enum(REPORT_REASONS, { error: () => m.reports.reasonInvalid }),
    details: z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX, { error: () => m.reports.detailsTooLong })
      .optional()
      .transform((v) => (v ? v : undefined)),
    block_author: z
      .boolean({ error: () => m.reports.blockAuthorInvalid })
      .default(false)
      .describe(
        "Also block the person this is about (a user) or who wrote it (a comment or message), in the same step.",
      ),
  })
  .superRefine((body, ctx) => {
    if (body.reason === "other" && !body.details) {
      ctx.addIssue({ code: "custom", path: ["details"], message: m.reports.detailsRequired });
    }
    if (body.block_author && !(BLOCKABLE_REPORT_TARGETS as readonly string[]).includes(body.target_type)) {
      ctx.addIssue({ code: "custom", path: ["block_author"], message: m.reports.blockNotOffered });
    }
  });

export const reportResponse = z.object({
  id: z.number(),
  target_type: targetType,
  target_id: z.number(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  blocked_user_id: z
    .number()
    .nullable()
    .describe("Whom block_author blocked; null when it was not asked or the author's account is gone."),
});

/** What the caller has reported and not yet seen resolved, so screens can say "Reported". */
export const myOpenReport = z.object({ target_type: targetType, target_id: z.number() });

export const reportQueueQuery = z.object(pageFields({ maxOffset: MAX_INT }));

const person = z.object({
  id: z.number(),
  username: z.string(),
  display_name: z.string(),
});

const contextMessage = z.object({
  id: z.number(),
  sender: person.nullable(),
  content: z.string(),
  created_at: z.string(),
  reported: z.boolean().describe("True for the reported message (or comment) itself."),
});

/** The reported thing as it is now, with what surrounds it; null when it no longer exists. */
const reportContext = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("post"),
    post_id: z.number(),
    club_id: z.number(),
    club_name: z.string(),
    title: z.string().nullable(),
    text: z.string().nullable(),
  }),
  z.object({
    kind: z.literal("comment"),
    post_id: z.number(),
    post_title: z.string().nullable(),
    thread: z.array(contextMessage).describe("Up to 5 comments before and after the reported one."),
  }),
  z.object({
    kind: z.literal("message"),
    club_id: z.number().nullable(),
    club_name: z.string().nullable(),
    channel: z
      .enum(["direct", "club", "announcements"])
      .describe("Where the message was written: a direct chat, a club's chat or its Avisos channel."),
    between: z.array(person).describe("The two people of a direct conversation; empty for a club chat."),
    messages: z.array(contextMessage).describe("Up to 8 messages before and 3 after the reported one."),
  }),
  z.object({
    kind: z.literal("club"),
    club_id: z.number(),
    name: z.string(),
    description: z.string(),
  }),
  z.object({
    kind: z.literal("user"),
    user_id: z.number(),
    description: z.string().nullable(),
  }),
]);

const queueReport = z.object({
  id: z.number(),
  reporter: person
    .nullable()
    .describe("Null when ClubNica filed it: a watched word flagged or held the content."),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  created_at: z.string(),
});

export const reportGroup = z.object({
  target_type: targetType,
  target_id: z.number(),
  report_count: z.number(),
  last_reported_at: z.string(),
  urgent: z
    .boolean()
    .describe(
      "A report says the person asks for photos or personal information (grooming): such groups come first.",
    ),
  author: person.nullable().describe("Who wrote it (the club's owner for a club; the person for a user)."),
  snapshot: z.string().nullable().describe("The text as it was when first reported."),
  highlights: z
    .array(z.object({ start: z.number(), end: z.number() }))
    .describe(
      "Where watched words occur in the snapshot ([start, end) in UTF-16 units), for automatic reports.",
    ),
  held: z
    .boolean()
    .describe(
      "A watched word holds it: only its author sees it until approved (action approve) or rejected (delete).",
    ),
  context: reportContext.nullable(),
  reports: z.array(queueReport),
});

export const reportCountResponse = z.object({
  open_reports: z.number().describe("Open reports in all."),
  open_targets: z.number().describe("Distinct things with at least one open report."),
});

const duration = z.coerce
  .number()
  .int()
  .min(0)
  .max(3650 * 24 * 60)
  .default(0);

export const resolveReportsBody = z.object({
  target_type: targetType,
  target_id: targetId,
  action: z.enum(REPORT_ACTIONS, { error: () => m.reports.actionInvalid }),
  days: duration,
  hours: duration,
  minutes: duration,
});

export const resolveReportsResponse = z.object({
  target_type: targetType,
  target_id: z.number(),
  action: z.enum(REPORT_ACTIONS),
  status: z.enum(["dismissed", "actioned"]),
  report_ids: z.array(z.number()),
  author_id: z.number().nullable(),
  until: z.string().nullable().describe("The end of the mute or ban; null for dismiss, approve and delete."),
});

export type ReportJson = z.infer<typeof reportResponse>;
export type MyOpenReport = z.infer<typeof myOpenReport>;
export type ReportGroup = z.infer<typeof reportGroup>;
export type ReportContext = z.infer<typeof reportContext>;
export type ReportCount = z.infer<typeof reportCountResponse>;
export type ResolveReportsResult = z.infer<typeof resolveReportsResponse>;
