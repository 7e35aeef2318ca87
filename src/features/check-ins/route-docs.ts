/** What /docs says about the check-in calls (routes.ts): the prose, kept out of the route table. */

const ownerNote =
  "For the event's club owner or an admin (403 for others; 404 when the post is not an event).";

const windowNote = "The window runs from 1 h before the event's start until 3 h after it.";

export const checkInsDocs = {
  checkInCode: {
    summary: "The event's current check-in code (the owner's Take attendance screen)",
    description: `A 6-digit code that changes every 30 s (HMAC-SHA256 of the event's own secret and the 30 s time step, as in TOTP); \`code\` is null outside the window. ${windowNote} ${ownerNote}`,
  },
  checkIn: {
    summary: "Check in to an event with the code on the owner's screen",
    description: `Body \`{ "code": "123456", "checked_in_at"?: ISO time }\`. For members of the event's club and people going, who must have joined the club (or answered Going) by the check-in's time (403 with a \`detail\` for others). The code of the current 30 s step and of the previous one are accepted. \`checked_in_at\` is for a check-in queued on a phone without signal: accepted when that time is inside the window and the code was valid then (at most 2 min ahead of the server's clock). A check-in whose \`checked_in_at\` is more than 2 min before it reaches the server (a queued one, or a photographed code replayed later) is stored with \`status: "pending"\` (por confirmar): not counted as present until the owner confirms it. ${windowNote} 201 with the new check-in; one check-in per person and event, so a repeat (also two at once) answers 200 with the one already there (a present check-in replaces a pending or rejected one). 422 with a \`detail\` for an expired, not-yet-valid or wrong code and outside the window. Limited per account (RATE_CHECK_INS_PER_ACCOUNT, default 10 in 10 min) and per client address (RATE_CHECK_INS_PER_ADDRESS, default 600 in 10 min): past either 429 with Retry-After.`,
  },
  checkInByHand: {
    summary: "Mark a person present by hand",
    description: `Body \`{ "user_id": 12 }\`: a member of the club or someone going (else 422); 409 when already present (a pending or rejected check-in becomes present). Allowed at any time. ${ownerNote}`,
  },
  confirmCheckIn: {
    summary: "Confirm a pending check-in (it counts as present)",
    description: `\`{userId}\` is the person's user id. Only a \`pending\` check-in (por confirmar) changes; confirming it again answers the same, a rejected one 409, none 404. ${ownerNote}`,
  },
  rejectCheckIn: {
    summary: "Reject a pending check-in",
    description: `\`{userId}\` is the person's user id. The check-in stays rejected (not counted, not in the CSV; the person is back among those not checked in, and can still be marked present by hand or check in with a live code). Rejecting again answers the same, a confirmed one 409, none 404. ${ownerNote}`,
  },
  listCheckIns: {
    summary: "Who has checked in, and who is still expected",
    description: `\`checked_in\`: present, in order of check-in time; \`pending\`: check-ins por confirmar (claimed time and \`received_at\`), not counted; \`not_checked_in\`: members and people going who have not (or were rejected; at most 500). Polled every 2 s by the owner's screen: send the ETag back in If-None-Match and an unchanged list answers 304 without a body. ${ownerNote}`,
  },
  attendanceCsv: {
    summary: "The event's attendance as a CSV file",
    description: `UTF-8 with a byte-order mark; columns Name, Username, (E-mail: admins only), Checked in at (ISO 8601, UTC), Added by hand, Status (present or pending; rejected check-ins are left out); headers in the reader's language. ${ownerNote}`,
  },
} as const;
