import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { posts } from "./posts";
import { users } from "./users";

/**
 * The secret behind an event's rotating check-in code (HMAC of it and the 30 s time step).
 * Made the first time the owner opens "Registrar asistencia"; never sent to anyone.
 */
export const eventCheckInKeys = pgTable("event_check_in_keys", {
  postId: integer("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How far a check-in stands: `present` counts; `pending` ("por confirmar") is a check-in that
 * reached the server more than two minutes after the time the phone claims, so only the
 * owner's word makes it count; `rejected` is one the owner turned down.
 */
export const CHECK_IN_STATUSES = ["present", "pending", "rejected"] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

/**
 * Who came to an event: one row per person (the key, so a repeat or two at once is one row), by
 * code or added by hand (`added_by`). `checked_in_at` is the claimed time, `received_at` when the
 * server got it; `reviewed_by`/`reviewed_at` who confirmed or rejected a pending one, and when.
 */
export const eventCheckIns = pgTable(
  "event_check_ins",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }).notNull(),
    addedBy: integer("added_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: CHECK_IN_STATUSES }).notNull().default("present"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index("event_check_ins_user_idx").on(t.userId),
    check("event_check_ins_status", sql`${t.status} in ('present', 'pending', 'rejected')`),
  ],
);
