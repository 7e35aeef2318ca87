/** Mentions (`@username` in a club chat) and read state ("Seen"), API details and the chat screen. */
export const mentions = {
  suggestions: "Members to mention",
  noMatches: "No member matches",
  hint: "Type @ to mention a member; arrows to choose, Enter or Tab to pick, Escape to close.",
  memberQueryTooLong: "The search is at most {max, plural, one {# character} other {# characters}}.",
};

export const readState = {
  sent: "Sent",
  seen: "Seen · {time}",
  seenBy: "Seen by {count, plural, one {# person} other {# people}}",
  seenByTitle: "Seen by",
  nobodyYet: "Nobody has seen it yet.",
  failedLoad: "Couldn't load who has seen it",
  close: "Close",
  messageIdRequired: "Give message_id: the message whose readers you want.",
  namesFlag: "names is true or false.",
  messageNotInChat: "That message is not in this chat.",
};
