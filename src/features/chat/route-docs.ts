import { photoSendRules } from "./message-image-docs";

/** What /docs says about the chat calls (routes.ts): the prose, kept out of the route table. */

export const pollDescription = (what: string) =>
  `${what} Without a cursor: the newest page (default 50, max 100 with ?limit=), oldest first. ` +
  "?after=<id> returns only newer messages (the 2-second poll); ?before=<id> pages older history " +
  "(a page shorter than the limit means the start was reached). The response carries a weak ETag; " +
  "send it back in If-None-Match and an unchanged page answers 304 with no body. Opening a " +
  "conversation marks it read up to the newest message returned.";

export const changesNote =
  "Each message carries client_id (the caller's own messages only), reply_to (null or {id, sender_display_name, content: the first 120 characters, deleted}), reactions [{emoji, count, reacted_by_me}] (emojis with a count, in the order 👍 ❤️ 😂 😮 😢 🙏), edited_at, and deleted (a tombstone: empty content). " +
  "The X-Change-Seq header gives the conversation's newest change (an edit, deletion or reaction; 0 for none), and the ETag includes it. With ?after=<id>&changes_after=<seq> the answer starts with the older messages (id up to `after`) changed after that change_seq (at most `limit`, oldest change first; X-Change-Seq then says how far they go), followed by the new ones: send X-Change-Seq back as the next changes_after.";

export const messageLimits =
  "Chat and direct messages together are limited per account (RATE_MESSAGES_PER_ACCOUNT, default 30 a minute) and per client address (RATE_MESSAGES_PER_ADDRESS, default 600 a minute): past either 429 with Retry-After.";

/** What /docs says about each kind of conversation; the endpoints themselves are the same. */
const THREAD_RULES = {
  user: {
    read: "Direct messages with a user",
    readRules:
      "Any signed-in user may read their conversation with any other user (not with themselves: 422). Messages of a message request the caller deleted are left out.",
    send: "Send a direct message",
    sendRules:
      "JSON {content, client_id?, reply_to?}. Content is trimmed; empty or longer than 4000 characters is 422 and not stored. " +
      "client_id (a UUID the client makes) makes the send safe to retry: a repeat with the same client_id from the same sender answers 200 with the message already stored (same id) instead of storing another, also when both arrive at once; not a UUID is 422. " +
      "reply_to is the id of a message in the same conversation that the sender can see; any other id (another conversation's, unknown) is 422 'You can only reply to a message in this conversation.' " +
      "Muted users get 403. Unknown user 404; yourself 422. When either person blocked the other: 403 (the blocker is told they blocked this person; the other only that they cannot message this person). " +
      "The recipient's who_can_message setting applies (GET /api/users/me/notification-settings): clubs refuses people who share no club with them (403 naming the rule), nobody refuses everyone (403); admins can always write. " +
      "Between people who share no club (membership or ownership) and never accepted each other, the message is a message request: stored and readable by the recipient, but the sender may send at most 3 until the recipient accepts (then 403 saying they have not accepted yet) and is never told whether it was read. Writing to someone who wrote to you first accepts their request.",
  },
  club: {
    read: "A club's chat room",
    readRules:
      "The club chat is one room shared by the club's members (and readable by admins). The club's " +
      "owner does not see or poll it (403); other non-members get 403 'Join this club to chat with it.'",
    send: "Send a message to a club's chat room",
    sendRules:
      "JSON {content, client_id?, reply_to?}, same rules as direct messages. Members of the club and admins may send; the " +
      "club's owner gets 403 'Club owners cannot send messages in the club chat.'; other non-members 403.",
  },
} as const;

/** GET (poll) and POST of one kind of conversation: /api/messages/user/{id} or /api/messages/club/{id}. */
const threadDocs = (rules: (typeof THREAD_RULES)[keyof typeof THREAD_RULES]) => ({
  read: { summary: rules.read, description: `${pollDescription(rules.readRules)} ${changesNote}` },
  send: { summary: rules.send, description: `${rules.sendRules} ${photoSendRules} ${messageLimits}` },
});

export const chatDocs = {
  listConversations: {
    summary: "The caller's conversations, newest first",
    description:
      "One row per conversation: {type: 'user'|'club'|'announcements', id, name, image_url, last_message_content, " +
      "last_message_at, last_message_sender_id, last_message_has_image, last_message_deleted, unread_count}. " +
      "A person's name is first and last name, else the username (as the chat's header shows it); a club's, the club's. " +
      "last_message_has_image is true when the last message carries a photo (a photo alone has an empty last_message_content) and last_message_deleted when it is a tombstone (empty content), so the app shows '📷 Photo' or 'Message deleted' rather than nothing. Direct conversations appear once a message " +
      "was exchanged; every club the caller is a member of (and does not own) appears, with null last " +
      "message fields when its chat is empty. unread_count counts messages from others after the caller's " +
      "read mark and stops at 100. Sorted by last message time (club rows without messages by join time). " +
      "request: true marks a message request to the caller (someone sharing no club with them whom they have not " +
      "accepted; the app lists these under Message requests); awaiting_acceptance: true marks the caller's own request " +
      "not accepted yet. A request the caller deleted is left out until its sender writes again. " +
      "type 'announcements' is a club's Avisos channel (GET /api/messages/club/{id}/announcements), listed just before that club's chat: " +
      "for the club's owner always, for members once it has an aviso.",
  },
  deleteMessage: {
    summary: "Delete a chat message (its sender; admins too)",
    description:
      "Direct or club message. The sender deletes their own (muted and banned rules as for any signed-in call: a muted sender may still delete); anyone else gets 403 'You can only delete your own messages.', except an admin (then audited as message.delete). The message stays as a tombstone everyone sees (deleted: true, empty content, no quote or reactions), sent to polls with changes_after and to live followers as message_updated; a held message (seen by nobody else) is removed outright. 204; unknown or already deleted id 404.",
  },
  editMessage: {
    summary: "Edit a chat message (its sender, within 15 minutes)",
    description:
      "JSON {content}, the send's rules (trimmed, 1-4000 characters, else 422). Only its sender (else 403 'You can only edit your own messages.'), within 15 minutes of sending it (else 403 'Messages can only be edited within 15 minutes of sending them.'), while they may still write in that conversation (club member, not blocked either way; muted 403). Watched words screen the new text as on send (a blocked word 422; a held one hides the message until a moderator approves it). A deleted message is 409; a message the caller cannot see 404. 200 with the message JSON, edited_at set; followers get a message_updated live frame. In a club chat or Avisos, an @username the new text adds (not one it named before) gets a mention notice, as on send; a held message's names get none. Limited per account (RATE_MESSAGE_EDITS_PER_ACCOUNT, default 30 in 10 minutes) and per client address (RATE_MESSAGE_EDITS_PER_ADDRESS, default 600 in 10 minutes): past either 429 with Retry-After.",
  },
  addReaction: {
    summary: "React to a chat message",
    description:
      "JSON {emoji}: one of 👍 ❤️ 😂 😮 😢 🙏 (else 422 'Choose one of …'). Adds the caller's reaction; a repeat changes nothing. Anyone who may read the conversation and still write there (club members, not its owner: 403; direct chat: its two people, not blocked either way: 403; muted 403). A message the caller cannot see (another's conversation, held, sent by someone they blocked) 404; a deleted one 409. 200 with the message JSON (reacted_by_me for the caller); followers get a message_updated live frame. Reactions added and removed are limited per account (RATE_MESSAGE_REACTIONS_PER_ACCOUNT, default 120 in 10 minutes) and per client address (RATE_MESSAGE_REACTIONS_PER_ADDRESS, default 2400 in 10 minutes): past either 429 with Retry-After.",
  },
  removeReaction: {
    summary: "Take back a reaction to a chat message",
    description:
      "The emoji URL-encoded in the path (one of the six, else 422). Removes the caller's reaction; none to remove changes nothing. The same rules, errors and limits as adding one. 200 with the message JSON.",
  },
  threads: { user: threadDocs(THREAD_RULES.user), club: threadDocs(THREAD_RULES.club) },
} as const;
