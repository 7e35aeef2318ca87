import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * One row per weekly digest e-mail sent: the key (person, ISO week such as "2026-W48") makes a
 * second digest in the same week impossible, whichever process, replica or retry tries. The
 * row is written right after the SMTP server accepted the mail, in its own commit, so a failed
 * send leaves no row behind and a retry after a crash finds it (src/platform/sent-mails).
 */
export const digestSends = pgTable(
  "digest_sends",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    week: text("week").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    // How many things the digest listed (events, posts, pending requests), for support questions.
    items: integer("items").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);

/**
 * The secret in a digest's one-click unsubscribe link (RFC 8058), random per person: the link
 * works without signing in, so it must not be guessable nor carry the user id.
 */
export const digestTokens = pgTable("digest_tokens", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
