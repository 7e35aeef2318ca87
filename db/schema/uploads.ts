import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./types";

/**
 * Uploaded images live in PostgreSQL so every replica serves every image without a shared disk.
 * The id is the SHA-256 of the stored bytes, so URLs are content-addressed and cache forever.
 */
export const uploads = pgTable("uploads", {
  id: text("id").primaryKey(),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  byteSize: integer("byte_size").notNull(),
  width: integer("width"),
  height: integer("height"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
