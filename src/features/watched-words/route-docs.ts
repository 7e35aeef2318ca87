/** What /docs says about the watched-word calls (routes.ts): the prose, kept out of the route table. */

const adminOnly = "Admins only: 401 without a token, 403 for members and owners.";

const actions =
  "Actions: block (the text is refused with 422 and a detail that does not repeat the word), censor (stored with the match replaced by asterisks), flag (published, and ClubNica reports it to the moderation queue with the match highlighted), hold (comments are saved but shown only to their author until an admin approves them in the queue; other texts are refused as with block). Matching ignores case, accents, repeated letters and leetspeak (0→o, 1→i, 3→e, 4→a, @→a, $→s), whole words only.";

export const watchedWordsDocs = {
  listWords: {
    summary: "The watched-words list",
    description: `Every entry, alphabetical. ${actions} ${adminOnly}`,
  },
  addWord: {
    summary: "Watch a word or phrase (JSON {word, action})",
    description: `word is trimmed, 1-100 characters with at least one letter or digit. An entry that matches exactly the texts another does (e.g. "Pendéjo" and "pendejo") gives 409. Applies to the next text checked, on every replica. Audited (watched_word.create). ${actions} ${adminOnly}`,
  },
  changeWord: {
    summary: "Change what a watched word does (JSON {action})",
    description: `Unknown id: 404. Audited (watched_word.update, with the old and new action). ${adminOnly}`,
  },
  removeWord: {
    summary: "Stop watching a word",
    description: `204; unknown id: 404. Audited (watched_word.delete). ${adminOnly}`,
  },
} as const;
