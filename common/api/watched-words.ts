import { z } from "zod";
import { m } from "../messages";
import { WATCHED_WORD_ACTIONS, WATCHED_WORD_MAX } from "../watched-words";

const action = z.enum(WATCHED_WORD_ACTIONS, { error: () => m.watchedWords.actionInvalid });

export const watchedWordResponse = z.object({
  id: z.number(),
  word: z.string(),
  action: z.enum(WATCHED_WORD_ACTIONS),
  created_at: z.string(),
  updated_at: z.string(),
});

export const createWatchedWordBody = z.object({
  word: z
    .string({ error: () => m.watchedWords.wordRequired })
    .trim()
    .min(1, { error: () => m.watchedWords.wordRequired })
    .max(WATCHED_WORD_MAX, { error: () => m.watchedWords.wordTooLong }),
  action,
});

export const updateWatchedWordBody = z.object({ action });

export type WatchedWord = z.infer<typeof watchedWordResponse>;
