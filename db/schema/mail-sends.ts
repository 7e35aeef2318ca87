import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The ledger of mails sent by jobs (src/platform/sent-mails): one row per idempotency key (the
 * queue and the job, such as "password-reset:<job id>"), written in its own commit right after
 * the SMTP server accepted the mail. A job retried after a crash finds its row and sends nothing.
 */
export const mailSends = pgTable("mail_sends", {
  key: text("key").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});
