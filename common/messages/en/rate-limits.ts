/** 429 answers of the rate limits (src/features/rate-limits) and mails about account safety. */
export const rateLimits = {
  signups: "Too many accounts were created from this network. Try again in a few minutes.",
  ownerRequests: "Too many owner requests were made from this network. Try again tomorrow.",
  messages: "You are sending messages too fast. Wait a moment and try again.",
  comments: "You are commenting too fast. Wait a moment and try again.",
  posts: "You have published too many posts for now. Try again later.",
  uploads: "You have uploaded too many images for now. Try again later.",
  connectionRequests: "You have sent too many connection requests for now. Try again later.",
  clubCreates: "You have created too many clubs for now. Try again later.",
  clubEdits: "You have edited clubs too many times for now. Try again later.",
  reactions: "You are liking and saving posts too fast. Wait a moment and try again.",
  calendarFeeds: "You have made too many new calendar addresses for now. Try again later.",
  languageChanges: "You have changed the language too many times for now. Try again later.",
  languageSwitches: "The language was changed too many times from this network. Try again in a few minutes.",
  profileReads: "You have opened too many profiles for now. Try again later.",
  mails: "Too many e-mails were sent to this address. Try again later.",
  resetGuesses: "Too many reset attempts. Try again later.",
};
