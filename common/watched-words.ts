/** What happens to a text that contains a watched word (shared by the API and the admin screen). */
export const WATCHED_WORD_ACTIONS = ["block", "censor", "flag", "hold"] as const;
export type WatchedWordAction = (typeof WATCHED_WORD_ACTIONS)[number];

/** Longest word or phrase an admin may watch. */
export const WATCHED_WORD_MAX = 100;
