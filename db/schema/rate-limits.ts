import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Sliding-window counters of the rate limits (src/platform/rate-limits): one row per limit and
 * subject ("messages:u:42", "signups:a:203.0.113.7"). Each hit is one atomic upsert, so every
 * replica shares the same counts; `count` is the current window's, `previous_count` the one
 * before it. Rows past `expires_at` say nothing any more and are deleted in passing.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowIndex: bigint("window_index", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
    previousCount: integer("previous_count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);
