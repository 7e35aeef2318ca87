import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { regionEnum, users } from "./users";

/**
 * What a person said interests them (issue 34: "¿Qué te interesa?"), saved by
 * PUT /api/users/me/interests: club tags (as clubs spell them), a region and a school, each
 * optional. Read by the club suggestions ("Para ti") and to order upcoming events.
 */
export const userInterests = pgTable("user_interests", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tags: text("tags").array().notNull().default([]),
  region: regionEnum("region"),
  school: text("school"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
