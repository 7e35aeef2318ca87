import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
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

/** Who came to an event: one row per person (the key), by code or added by hand (`added_by`). */
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
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("event_check_ins_user_idx").on(t.userId)],
);
