import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from "../../common/reports";
import { users } from "./users";

/**
 * A user's report of a post, comment, chat message, club or user. The target is named by type
 * and id, not by foreign key: the report (and its resolution) outlives deleted content. The
 * author and a copy of the text are kept from the moment of the report, so the queue can still
 * show what was reported and mute or ban its author after the content is gone.
 */
export const reports = pgTable(
  "reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // Null for a report filed by ClubNica itself (a watched word flagged or held the content).
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: REPORT_TARGETS }).notNull(),
    // Chat message ids are bigint.
    targetId: bigint("target_id", { mode: "number" }).notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    snapshot: text("snapshot"),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details"),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    resolution: text("resolution", { enum: REPORT_ACTIONS }),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open report per reporter and target; a resolved one may be followed by a new one.
    uniqueIndex("reports_open_reporter_target_key")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`status = 'open'`),
    // The queue groups open reports by target.
    index("reports_open_target_idx").on(t.targetType, t.targetId).where(sql`status = 'open'`),
  ],
);
