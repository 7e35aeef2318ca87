import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { WATCHED_WORD_ACTIONS } from "../../common/watched-words";

/**
 * Words and phrases the app watches for in everything people write (posts, comments, messages,
 * clubs, profiles). `match_key` is the entry folded the way texts are (case, accents, leetspeak,
 * repeats), so "Pendejo" and "pendejo" cannot both be listed with different actions.
 */
export const watchedWords = pgTable(
  "watched_words",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    word: text("word").notNull(),
    matchKey: text("match_key").notNull(),
    action: text("action", { enum: WATCHED_WORD_ACTIONS }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("watched_words_match_key_key").on(t.matchKey)],
);
