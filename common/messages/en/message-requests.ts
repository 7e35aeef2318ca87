/** Message requests and "who can message me": API details and the screens that show them. */
export const messageRequests = {
  notAcceptedYet:
    "{name} hasn't accepted your message request yet. You can send more messages once they accept it.",
  onlyClubs: "{name} only receives messages from people in their clubs.",
  nobody: "{name} doesn't receive direct messages.",
  notFound: "There is no message request from this person.",
  whoCanMessageInvalid: "Choose everyone, clubs or nobody.",
  unknownSetting: "This setting does not exist.",
};

export const messageRequestsPage = {
  folder: "Message requests",
  folderHint: "People outside your clubs who want to write to you.",
  title: "Message requests",
  intro:
    "These people share no club with you. They can't see whether you read their messages. Accept to chat, or delete or block them.",
  empty: "No message requests.",
  back: "Back to chats",
  failedLoad: "Couldn't load message requests",
  school: "School: {school}",
  noSchool: "School not given",
  sharedClubs: "Clubs in common: {clubs}",
  noSharedClubs: "Clubs in common: none",
  read: "Read messages",
  accept: "Accept",
  accepted: "Request accepted. You can now chat with {name}.",
  delete: "Delete",
  deleteConfirm:
    "Delete the request from {name}? Their messages disappear from your chats. They are not told.",
  deleted: "Request deleted.",
  blockReportNamed: "Block or report {name}",
  failedAction: "Couldn't do that. Try again.",
  banner: "{name} wants to send you a message",
  bannerHint:
    "Until you accept, {name} can send you at most 3 messages and doesn't know whether you read them. Replying also accepts.",
  sentAsRequest: "Sent as a request",
  sentAsRequestHint: "{name} will see your messages once they accept. You can send at most 3 until then.",
};

export const contactSettings = {
  title: "Who can message you",
  intro: "Choose who can send you direct messages. Admins can always write to you.",
  everyone: "Everyone",
  everyoneHint:
    "People who share no club with you arrive as requests, 3 messages at most, until you accept. People in your clubs write to you directly.",
  clubs: "People from my clubs",
  clubsHint: "Only people who share a club with you. Nobody else can write to you.",
  nobody: "Nobody",
  nobodyHint: "Only admins. Your club chats keep working.",
  save: "Save",
  saving: "Saving…",
  saved: "Saved.",
  failedLoad: "Couldn't load your settings",
  failedSave: "Couldn't save your settings",
  digestTitle: "Weekly e-mail digest",
  digestHint:
    "Once a week: new events in your clubs and your region, posts you missed and pending join requests. Nothing is sent in a week with nothing new.",
  digestInvalid: "digest must be true or false.",
  readReceiptsInvalid: "read_receipts must be true or false.",
};
