import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { posts } from "./posts";
import { users } from "./users";

export const RSVP_STATUSES = ["going", "waitlisted", "not_going"] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/**
 * A user's answer to an event. `seq` is the arrival order (taken again when someone answers
 * Going anew), so the waitlist is served first come, first served. Counts live on the post and
 * change in the same transaction, under the post's row lock.
 */
export const eventRsvps = pgTable(
  "event_rsvps",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: RSVP_STATUSES }).notNull(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index("event_rsvps_post_status_seq_idx").on(t.postId, t.status, t.seq),
    index("event_rsvps_user_idx").on(t.userId).where(sql`${t.status} = 'going'`),
  ],
);

/** The secret of a user's personal calendar feed URL; regenerating replaces (revokes) it. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per reminder e-mail sent: the key (event, person, start time) makes a second send for
 * the same start impossible, whichever process or retry tries; a moved event gets a new start.
 */
export const eventReminders = pgTable(
  "event_reminders",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.startsAt] })],
);
