/** Watched words: what the API answers, and what people see of held content. */
export const watchedWords = {
  blocked: "This text breaks the community rules. Change it and try again.",
  needsReview:
    "This text would need an admin's review, and a name or profile cannot wait hidden. Change it and try again.",
  notFound: "That watched word was not found.",
  duplicate: "That word is already on the list.",
  wordRequired: "Write a word or phrase.",
  wordTooLong: "Keep it under 100 characters.",
  wordNoLetters: "Write at least one letter or number.",
  actionInvalid: "Choose an action: block, censor, flag or hold.",
  reporterName: "ClubNica",
  pendingReview: "Pending review",
  pendingReviewHint: "Only you can see this until an admin reviews it.",
};

/** The admin screen that manages the list. */
export const watchedWordsPage = {
  title: "Watched words",
  intro:
    "Words and phrases ClubNica looks for in everything people write. Matching ignores case, accents, repeated letters and numbers typed for letters, and only whole words count.",
  addTitle: "Add a word",
  word: "Word or phrase",
  action: "What happens",
  add: "Add",
  adding: "Adding…",
  added: "Added {word}.",
  saved: "Saved.",
  deleted: "Deleted {word}.",
  cancel: "Cancel",
  link: "Watched words",
  delete: "Delete",
  deleteLabel: "Delete {word}",
  deleteTitle: "Delete {word}?",
  deleteBody: "Texts with this word will no longer be checked for it.",
  actionFor: "What happens with {word}",
  search: "Search the list",
  empty: "No watched words yet. Add the first one above.",
  noMatches: "No words match your search.",
  showing: "Showing {shown} of {count}. Search to find a word.",
  showMore: "Show {more} more",
  countOther: "{count, plural, one {# word} other {# words}}",
  failedLoad: "The list could not be loaded.",
  failedSave: "The change could not be saved. Try again.",
  actions: {
    block: "Block: refuse the text",
    censor: "Censor: replace it with asterisks",
    flag: "Flag: publish and send to the queue",
    hold: "Hold: hide until an admin approves",
  },
  holdHelp:
    "Posts, comments and chat messages with the word wait hidden (only their author sees them) until an admin approves them in the moderation queue. Club names and descriptions, profiles and usernames with it are refused instead: nobody could see them while they wait.",
  heldBadge: "Held: only its author sees it",
  approve: "Approve",
  reject: "Reject",
  matchedWords: "Watched words found",
};
