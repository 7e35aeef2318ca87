/** What /docs says about the connection calls (routes.ts): the prose, kept out of the route table. */

const pagingNote = "Newest first; `?limit=` (default 20, max 100) and `?offset=`.";

export const connectionsDocs = {
  sendRequest: {
    summary: "Ask to join a club (no body, or the answers to its join questions)",
    description:
      '`?club_id=`. No body for a club without join questions (as the spec says). A club with `join_questions` needs the JSON body `{"answers": [...]}`, one non-blank answer per question in order (at most 500 characters each); without a body it answers 422 with a `detail` that names the questions. Answers are shown only to the club\'s owner and admins (received list), and kept with the membership when accepted. Needs a completed profile (first name, last name, e-mail), else 403 "Please complete your profile before sending a connection request." 404 "Club not found"; 409 "You already sent a request to this club.", "You are already a member of this club.", for the owner "You own this club, so you are already connected to it.", and for a club with is_open=false "This club is not accepting new members right now." 403 "You can\'t ask to join this club." when the club\'s owner blocked the caller (blocks apply to join requests and their answers; the owner does not see such requests sent before the block). Limited per account (RATE_CONNECTION_REQUESTS_PER_ACCOUNT, default 20 an hour) and per client address (RATE_CONNECTION_REQUESTS_PER_ADDRESS, default 300 an hour): past either 429 with Retry-After.',
  },
  listSent: { summary: "The caller's pending requests", description: pagingNote },
  listReceived: {
    summary: "Pending requests the caller decides (all of them for an admin)",
    description: `The requests to the clubs the caller owns (while they hold the owner role) and to the clubs where they are an officer with accept_requests, without those of people they blocked; anyone else gets []. \`?club_id=\` keeps one club's requests (the club edit screen's Members tab). ${pagingNote}`,
  },
  accept: {
    summary: "Accept a request (the club's owner, an officer with accept_requests, or an admin)",
    description:
      "The sender becomes a member (member_count + 1 in the same transaction), the request is removed and the sender gets a request_accepted notice. 404 when the request is gone (also when answered concurrently).",
  },
  decline: {
    summary:
      "Decline (the club's owner, an officer with accept_requests, or an admin) or withdraw (the sender) a request",
    description: "A decline leaves the sender a request_declined notice; `withdrawn` tells which it was.",
  },
  myConnections: {
    summary: "The caller's clubs and, for an owner or admin, the members of the clubs they own",
    description:
      "`clubs`: club list items the caller is a member of or owns (is_owner), with the latest club-chat message. `members`: one entry per (member, owned club) with the latest direct message between the two. At most 500 of each.",
  },
  removeConnection: {
    summary: "End a connection: leave club {id}, or (?user_id=) remove a member from it",
    description:
      '`{id}` is the club id. Without `user_id` the caller leaves the club (404 "You are not a member of this club."; 409 for the club\'s owner, who hands it over instead). With `user_id` the club\'s owner, an officer with accept_requests or an admin removes that member (403 for others, 404 "This user is not a member of this club.").',
  },
  membersCsv: {
    summary: "A club's members as a CSV file (its owner, an officer with accept_requests, or an admin)",
    description:
      "UTF-8 with a byte-order mark; columns Name, Username, E-mail (admins only), Joined at (ISO 8601, UTC), one column per current join question with each member's answer, and Other answers (answers to questions changed since, as \"question: answer\" lines); headers in the reader's language. 403 for others; 404 unknown club.",
  },
  leaveClub: {
    summary: "Leave a club (the Leave button on /my-clubs)",
    description:
      'Removes the caller\'s membership; member_count - 1 in the same transaction (an officer leaves the Directiva with it). 404 "Club not found" or "You are not a member of this club."; 409 for the club\'s owner, with a detail explaining the handover (POST /api/clubs/{id}/transfer).',
  },
} as const;
