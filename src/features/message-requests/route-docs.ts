/** What /docs says about the message-request calls (routes.ts): the prose, kept out of the route table. */

const whatIsARequest =
  "A direct message is a request when its sender shares no club with the recipient (membership or ownership) and the two never accepted each other (the recipient accepting, or replying). The recipient reads it as usual (GET /api/messages/user/{id}) and it counts in GET /api/notifications, but the app lists it under Message requests; until it is accepted the sender may send at most 3 messages, counted as sent (deleting one gives no send back; then 403) and learns nothing about whether they were read. Requests are never pushed (messages.sent_as_request marks them).";

const decision =
  "Only the recipient decides: no pending request from {userId} to the caller is 404. Muted users may decide; banned users get 403 like everywhere.";

export const messageRequestsDocs = {
  listRequests: {
    summary: "Message requests waiting for the caller, newest first",
    description: `${whatIsARequest} Each item names the sender (display name, username, picture, school), the clubs both share (always none), how many messages it holds and the latest one. A deleted request is left out until its sender writes again; blocked people (either way) are left out.`,
  },
  accept: {
    summary: "Accept the message request from user {userId}",
    description: `The conversation joins the caller's main list (request: false in GET /api/messages/conversations) and the sender may write without the 3-message limit; both may write freely from then on. 204. ${decision}`,
  },
  delete: {
    summary: "Delete the message request from user {userId}",
    description: `Deletes the request conversation for the caller: its messages leave the caller's conversation list, badge and GET /api/messages/user/{userId}. The sender is not told and still sees their messages; the request stays unaccepted, so the 3-message limit still counts them, and a later message (within the limit) arrives as a new request. To stop someone writing at all, block them (PUT /api/blocks/{userId}). 204. ${decision}`,
  },
} as const;
