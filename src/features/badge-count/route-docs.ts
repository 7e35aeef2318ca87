/** What /docs says about the notification calls (routes.ts): the prose, kept out of the route table. */

const countRule =
  "The number is: unread direct messages (from others, after the caller's read mark) + unread " +
  "messages in the chats of clubs the caller is a member of and does not own + connection requests " +
  "waiting for the caller's decision (requests to clubs they own, and to clubs where they are an officer with " +
  "accept_requests; every pending request for admins) + " +
  "notices not yet seen (an owner accepted or declined the caller's request, an event they go to moved, was cancelled or " +
  "gave them a place, a report of theirs was acted on; the notification centre's other notices never count here). Each conversation " +
  "counts at most 100. Opening a conversation (GET /api/messages/...) marks it read; " +
  "POST /api/notifications/seen marks notices seen.";

export const notificationsDocs = {
  badgeCount: {
    summary: "The Connections badge number (a plain JSON number)",
    description: `Polled every 10 s. ${countRule}`,
  },
  markSeen: {
    summary: "Mark the caller's notices seen",
    description:
      "Call when the Connections screen opens: every unseen notice (request accepted/declined) stops " +
      "counting. Returns the new badge number. Unread messages and pending requests are unaffected.",
  },
} as const;
