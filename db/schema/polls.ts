import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { clubs } from "./clubs";
import { posts } from "./posts";
import { users } from "./users";

/**
 * A poll is a post of the club (its title is the question) plus this row: the post carries it
 * into the club's Posts tab, the feed, its paging, comments and notices; deleting the post
 * deletes the poll and its votes.
 */
export const polls = pgTable(
  "polls",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    postId: integer("post_id")
      .notNull()
      .unique("polls_post_unique")
      .references(() => posts.id, { onDelete: "cascade" }),
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    creatorId: integer("creator_id").references(() => users.id, { onDelete: "set null" }),
    question: text("question").notNull(),
    // 2 to 10 option texts; a vote names options by their index here, so they never change.
    options: text("options").array().notNull(),
    multiple: boolean("multiple").notNull().default(false),
    // Nobody (not the club, not an admin, not the data export) ever sees who voted for what.
    anonymous: boolean("anonymous").notNull().default(false),
    closesAt: timestamp("closes_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("polls_club_idx").on(t.clubId)],
);

/** One row per voter: a new vote replaces it in one upsert, so nobody ever counts twice. */
export const pollVotes = pgTable(
  "poll_votes",
  {
    pollId: integer("poll_id")
      .notNull()
      .references(() => polls.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    choices: integer("choices").array().notNull(),
    votedAt: timestamp("voted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index("poll_votes_user_idx").on(t.userId)],
);
