import { date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { clubs } from "./clubs";
import { posts } from "./posts";

export const REQUEST_OUTCOMES = ["accepted", "declined", "withdrawn"] as const;
export type RequestOutcome = (typeof REQUEST_OUTCOMES)[number];

/**
 * An answered (or withdrawn) join request. connection_requests rows are deleted when answered
 * (spec section 4), so this keeps what the owners' dashboard counts: when it was asked, when and
 * how it ended. The user is not kept: the dashboard only counts.
 */
export const joinRequestOutcomes = pgTable(
  "join_request_outcomes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
    outcome: text("outcome", { enum: REQUEST_OUTCOMES }).notNull(),
  },
  (t) => [
    // Outcome and answer time ride along so a range is counted from the index alone.
    index("join_request_outcomes_club_requested_idx").on(t.clubId, t.requestedAt, t.outcome, t.answeredAt),
    index("join_request_outcomes_requested_idx").on(t.requestedAt, t.outcome, t.answeredAt),
  ],
);

/**
 * A member who left (or was removed): with club_members (current members and their join
 * dates) it rebuilds the member count of any past day.
 */
export const clubMemberDepartures = pgTable(
  "club_member_departures",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull(),
    leftAt: timestamp("left_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("club_member_departures_club_left_idx").on(t.clubId, t.leftAt),
    index("club_member_departures_club_joined_idx").on(t.clubId, t.joinedAt),
    index("club_member_departures_left_idx").on(t.leftAt),
    index("club_member_departures_joined_idx").on(t.joinedAt),
  ],
);

/**
 * Counted post views per Managua day: one upsert beside the posts.views increment, so views in
 * a date range cost one index range read instead of a row per view.
 */
export const postViewDays = pgTable(
  "post_view_days",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    // Copied from the post so a club's views in a range are one index range.
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.day] }),
    // Views ride along so a range is summed from the index alone.
    index("post_view_days_club_day_idx").on(t.clubId, t.day, t.views),
    index("post_view_days_day_idx").on(t.day, t.views),
  ],
);

/**
 * Visible (not held) messages per Managua day, for the busiest chat days: one row per club chat
 * and day with messages, and one site row per day (club_id 0: every conversation, direct messages
 * included), also on days without messages, so the site row's latest day is how far the rollup
 * has gone. Filled only for closed days (before today in Managua) by the dashboard-rollup job
 * (src/features/dashboard/rollup-jobs.ts), never by the message writes: the dashboard counts the
 * days after the last rolled one live from messages. A closed day's figure is what was visible
 * when it was rolled up: a message deleted later (by its sender, a moderator, or with its club or
 * sender) still counts there; a held message counts on the day it is approved (approval gives it
 * the approval time). No foreign key to clubs: 0 is no club.
 */
export const chatMessageDays = pgTable(
  "chat_message_days",
  {
    clubId: integer("club_id").notNull().default(0),
    day: date("day", { mode: "string" }).notNull(),
    messages: integer("messages").notNull(),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.day] })],
);

/**
 * The site's post views per closed Managua day (the sum of post_view_days), one row for every
 * rolled day (0 on a day without views), filled by the same job. A post deleted after its day was
 * rolled up keeps its views here.
 */
export const siteViewDays = pgTable("site_view_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  views: integer("views").notNull(),
});
