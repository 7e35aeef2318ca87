import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
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

/**
 * Each upload again at the widths the screens show it (96 px avatars; 400 and 800 px covers and
 * post images), as WebP. Made when the image is uploaded, or on the first request for an image
 * uploaded before variants existed. Derived from the original, so they go when it goes.
 */
export const uploadVariants = pgTable(
  "upload_variants",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    contentType: text("content_type").notNull(),
    data: bytea("data").notNull(),
    byteSize: integer("byte_size").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.width] })],
);
