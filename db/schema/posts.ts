import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { clubs } from "./clubs";
import { uploads } from "./uploads";
import { users } from "./users";

export const posts = pgTable(
  "posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title"),
    shortDescription: text("short_description"),
    content: text("content"),
    instagramUrl: text("instagram_url"),
    imageId: text("image_id").references(() => uploads.id, { onDelete: "set null" }),
    // A smaller variant of the image (about 400 px) for feed cards.
    thumbnailId: text("thumbnail_id").references(() => uploads.id, { onDelete: "set null" }),
    isEvent: boolean("is_event").notNull().default(false),
    eventDate: timestamp("event_date", { withTimezone: true }),
    eventLocation: text("event_location"),
    // Places at the event (null: no limit); going_count may exceed it after it was lowered.
    capacity: integer("capacity"),
    goingCount: integer("going_count").notNull().default(0),
    waitlistCount: integer("waitlist_count").notNull().default(0),
    displayImageFirst: boolean("display_image_first").notNull().default(false),
    // Held by a watched word: only its author sees it until an admin approves it in the queue.
    held: boolean("held").notNull().default(false),
    // Denormalised counters, updated in the same transaction as the rows they count.
    likeCount: integer("like_count").notNull().default(0),
    favoriteCount: integer("favorite_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    views: integer("views").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("posts_club_created_idx").on(t.clubId, t.createdAt),
    index("posts_created_idx").on(t.createdAt, t.id),
    index("posts_club_event_idx").on(t.clubId, t.eventDate),
    // Upcoming events of all clubs (/events), read in (event_date, id) order: keyset pages walk
    // it from the cursor; only visible events are indexed, so plain posts cost it nothing.
    index("posts_upcoming_events_idx").on(t.eventDate, t.id).where(sql`${t.isEvent} and not ${t.held}`),
    // Feed sort keys (scanned backwards for "desc"): the relevance expression must stay written
    // exactly as the feed query orders by it, or PostgreSQL will not use the index.
    index("posts_relevance_idx").on(
      sql`(${t.likeCount} + ${t.favoriteCount} + ${t.commentCount})`,
      t.createdAt,
      t.id,
    ),
    index("posts_liked_idx").on(t.likeCount, t.createdAt, t.id),
    index("posts_club_created_id_idx").on(t.clubId, t.createdAt, t.id),
    // Per-club sort keys: the feed's scope=connected takes each club's top rows, then merges.
    index("posts_club_relevance_idx").on(
      t.clubId,
      sql`(${t.likeCount} + ${t.favoriteCount} + ${t.commentCount})`,
      t.createdAt,
      t.id,
    ),
    index("posts_club_liked_idx").on(t.clubId, t.likeCount, t.createdAt, t.id),
    // "Is this upload still used?" checks (uploads' deleteUnreferencedUpload) without a scan.
    index("posts_image_idx").on(t.imageId).where(sql`${t.imageId} is not null`),
    index("posts_thumbnail_idx").on(t.thumbnailId).where(sql`${t.thumbnailId} is not null`),
  ],
);

/** The (post, user) pair a per-user mark on a post keys on; deleting either deletes the mark. */
const postUserColumns = () => ({
  postId: integer("post_id")
    .notNull()
    .references(() => posts.id, { onDelete: "cascade" }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});

/** A like or a favorite: one row per (post, user), listed per user by `<name>_user_idx`. */
function postMarkTable<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      ...postUserColumns(),
      createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.postId, t.userId] }), index(`${name}_user_idx`).on(t.userId)],
  );
}

export const postLikes = postMarkTable("post_likes");
export const postFavorites = postMarkTable("post_favorites");

/** Last time a user's view of a post was counted: a repeat within a day is not counted. */
export const postViews = pgTable(
  "post_views",
  {
    ...postUserColumns(),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const comments = pgTable(
  "comments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    // Held by a watched word: only its author sees it until an admin approves it.
    held: boolean("held").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("comments_post_idx").on(t.postId, t.createdAt)],
);
