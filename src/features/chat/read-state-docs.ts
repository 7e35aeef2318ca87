/** What /docs says about the read-state calls (read-state-routes.ts). */
const optOut =
  "Someone whose notification settings say `read_receipts: false` neither shares their reading nor sees anyone's (then `read_receipts: false` and nothing else). The live connection sends `read` frames as marks move (docs/live.md).";

export const readStateDocs = {
  direct: {
    summary: "How far the other person has read a direct chat (Seen)",
    description: `\`last_read_id\`: the newest message id the other person has read, \`read_at\`: when their read mark last moved (the app shows "Seen · time" under the caller's last message once last_read_id reaches it). Hidden (\`read_receipts: false\`) while the caller's message request waits for acceptance (a request's sender is never told whether it was read) and across a block. ${optOut} 422 for the caller's own id, 404 for an unknown user.`,
  },
  club: {
    summary: "Who has read up to a club-chat message (Seen by N)",
    description: `\`?message_id=\` (required: else 422 with a \`detail\`). \`count\` and \`readers\` (at most 500, by name; \`&names=false\` answers the count alone with \`readers\` empty, what the line under a message needs as readers come): members whose read mark reached the message, not its sender, only people who share read receipts, nobody on either side of a block with the sender or the caller. For the club's members and admins (the owner 403, as the chat; others 403 'Join this club to chat with it.'); an unknown club 404; a message not in this chat 404. ${optOut}`,
  },
} as const;
