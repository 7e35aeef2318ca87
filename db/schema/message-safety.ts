import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A message request: `sender_id` wrote directly to `recipient_id` while the two shared no club
 * and had never exchanged accepted messages. Pending while accepted_at is null; once accepted
 * (by the recipient, or by replying) the pair writes freely in both directions. One row per
 * direction at most; the primary key answers "did this person write to me as a stranger?", the
 * sender index the other direction.
 */
export const messageRequests = pgTable(
  "message_requests",
  {
    recipientId: integer("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    // The ledger the request limit counts: every message sent as this request, including the ones
    // the sender deleted since (counting surviving messages let send 3, delete 3, send 3 again).
    requestMessagesSent: integer("request_messages_sent").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.recipientId, t.senderId] }),
    index("message_requests_sender_idx").on(t.senderId),
    index("message_requests_pending_idx").on(t.recipientId).where(sql`accepted_at is null`),
  ],
);

/**
 * A person's notification and contact settings as one JSON document (validated by zod in
 * src/features/notification-settings: unknown or missing keys fall back to the defaults), so
 * new settings need no migration. No row means every default.
 */
export const userNotificationSettings = pgTable("user_notification_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
