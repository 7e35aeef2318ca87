import { bigint, integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { messages } from "./chat";
import { clubs } from "./clubs";
import { users } from "./users";

/**
 * The one pinned message of a club's chat (issue 49, moderate_chat): the club is the key, so
 * pinning another message replaces it. The pin goes with its message or its club; a message
 * deleted to a tombstone keeps the row but is no longer shown as pinned.
 */
export const clubChatPins = pgTable("club_chat_pins", {
  clubId: integer("club_id")
    .primaryKey()
    .references(() => clubs.id, { onDelete: "cascade" }),
  messageId: bigint("message_id", { mode: "number" })
    .notNull()
    .references(() => messages.id, { onDelete: "cascade", onUpdate: "cascade" }),
  pinnedBy: integer("pinned_by").references(() => users.id, { onDelete: "set null" }),
  pinnedAt: timestamp("pinned_at", { withTimezone: true }).notNull().defaultNow(),
});
