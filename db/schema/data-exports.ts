import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./types";
import { users } from "./users";

/**
 * A person's "download my data" file: one row per person (a new request replaces the old one).
 * The file lives in PostgreSQL, like uploads, so whichever replica built it, every replica can
 * serve it, and deleting the account deletes it. Status pending until the job stores the file;
 * the row (and its file) is removed by the cleanup job once `expires_at` has passed.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "ready"] }).notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    file: bytea("file"),
    byteSize: integer("byte_size"),
  },
  (t) => [index("data_exports_expires_idx").on(t.expiresAt)],
);
