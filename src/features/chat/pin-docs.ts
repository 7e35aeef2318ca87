/** What /docs says about the pinned message of a club chat (pin-routes.ts). */
const who =
  "Officers of the club holding moderate_chat, and admins (anyone else 403 'Only the club's officers who moderate its chat, and admins, can pin messages.'; the owner too: the spec keeps owners out of their club's chat).";

export const pinDocs = {
  pin: {
    summary: "Pin a club-chat message (one per chat; replaces the pinned one)",
    description: `No body. ${who} A club chat has one pinned message: pinning another replaces it. A direct message the caller is part of: 409 'Only messages in a club chat can be pinned.'; a deleted one 409; unknown, held or someone else's direct message 404. Audited as message.pin (details: club_id, sender_id, replaced_message_id). 200 with the chat's pin as GET /api/messages/club/{id}/pinned returns it; followers of the chat on the live connection get a \`pin\` frame.`,
  },
  unpin: {
    summary: "Unpin a club-chat message",
    description: `${who} 204; 404 'This message is not pinned.' when it is not the chat's pinned message (or unknown). Audited as message.unpin. Followers get a \`pin\` frame with message_id null.`,
  },
  pinned: {
    summary: "The pinned message of a club chat",
    description:
      "For whoever may read the chat (its members and admins; the owner 403 as for the chat; others 403 'Join this club to chat with it.'; unknown club 404). {message, pinned_by, pinned_at}: the message exactly as the chat's poll returns it, or all null when nothing is pinned, the pinned message was deleted, or its sender is someone the caller blocked. Kept apart from the chat's poll so the poll's JSON stays the spec's; the live connection's `pin` frame says when to ask again.",
  },
} as const;
