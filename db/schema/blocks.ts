import { index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A user (blocker) has blocked another (blocked). Direct messages are refused both ways; the
 * blocker's comment and club-chat reads skip the blocked person's rows. The primary key serves
 * "has the viewer blocked this sender?" checks; blocked_id the other direction.
 */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("user_blocks_blocked_idx").on(t.blockedId),
  ],
);
