/** Chat, conversation list and notification strings (API details and the chat screen). */
export const chat = {
  emptyMessage: "Message cannot be empty.",
  messageTooLong: "Message must be at most {max} characters.",
  ownerCannotSend: "Club owners cannot send messages in the club chat.",
  ownerCannotRead: "Club owners do not see the club chat.",
  joinToChat: "Join this club to chat with it.",
  cannotMessageSelf: "You cannot send messages to yourself.",
  userNotFound: "User not found",
  clubNotFound: "Club not found",
  cursorConflict: "Use either after or before, not both.",
  cursorInvalid: "Must be a positive whole number.",
};
