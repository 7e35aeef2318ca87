/** The pinned message of a club chat (issue 49, moderate_chat): API details and the chat's banner. */
export const chatPins = {
  clubOnly: "Only messages in a club chat can be pinned.",
  forbidden: "Only the club's officers who moderate its chat, and admins, can pin messages.",
  deleted: "This message was deleted and cannot be pinned.",
  notPinned: "This message is not pinned.",
  // Screens
  banner: "Pinned message",
  bannerFrom: "Pinned · {name}",
  jump: "(go to the message)",
  pin: "Pin",
  unpin: "Unpin",
  pinFailed: "The message could not be pinned. Try again.",
  unpinFailed: "The message could not be unpinned. Try again.",
};
