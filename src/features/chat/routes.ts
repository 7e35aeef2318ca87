import { Elysia } from "elysia";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses, notModifiedResponse } from "../../lib/api-responses";
import { matchesIfNoneMatch } from "../../lib/conditional-get";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { deleteMessage } from "./delete-message";
import {
  conversationListResponse,
  messageListResponse,
  messageResponse,
  pollQuery,
  sendMessageBody,
} from "./schema";
import { listConversations, readConversation, sendMessage } from "./service";

const pollDescription = (what: string) =>
  `${what} Without a cursor: the newest page (default 50, max 100 with ?limit=), oldest first. ` +
  "?after=<id> returns only newer messages (the 2-second poll); ?before=<id> pages older history " +
  "(a page shorter than the limit means the start was reached). The response carries a weak ETag; " +
  "send it back in If-None-Match and an unchanged page answers 304 with no body. Opening a " +
  "conversation marks it read up to the newest message returned.";

/** Sets the caching headers; true when the client's copy is current (answer 304). */
function isNotModified(etag: string, ifNoneMatch: string | undefined, headers: Record<string, unknown>) {
  Object.assign(headers, { etag, "cache-control": "private, no-cache", vary: "Authorization" });
  return matchesIfNoneMatch(ifNoneMatch, etag);
}

export function chatRoutes({ deps, auth, memory }: { deps: AppDeps; auth: AuthPlugin; memory: PollMemory }) {
  const { sql } = deps;

  return new Elysia({ name: "chat-routes", detail: { tags: ["Chat"] } })
    .use(auth)
    .get("/api/messages/conversations", ({ user }) => listConversations({ sql, user }), {
      auth: true,
      response: { 200: conversationListResponse },
      detail: {
        summary: "The caller's conversations, newest first",
        description:
          "One row per conversation: {type: 'user'|'club', id, name, image_url, last_message_content, " +
          "last_message_at, last_message_sender_id, unread_count}. Direct conversations appear once a message " +
          "was exchanged; every club the caller is a member of (and does not own) appears, with null last " +
          "message fields when its chat is empty. unread_count counts messages from others after the caller's " +
          "read mark and stops at 100. Sorted by last message time (club rows without messages by join time). " +
          "request: true marks a message request to the caller (someone sharing no club with them whom they have not " +
          "accepted; the app lists these under Message requests); awaiting_acceptance: true marks the caller's own request " +
          "not accepted yet. A request the caller deleted is left out until its sender writes again.",
      },
    })
    .delete(
      "/api/messages/:id",
      async ({ user, params, set }) => {
        await deleteMessage({ db: deps.db, user, messageId: params.id });
        set.status = 204;
      },
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404) },
        detail: {
          ...documentedContent.noContent,
          summary: "Delete a chat message (its sender; admins too)",
          description:
            "Direct or club message. The sender deletes their own (muted and banned rules as for any signed-in call: a muted sender may still delete); anyone else gets 403 'You can only delete your own messages.', except an admin (then audited as message.delete). The message is removed for everyone: others stop seeing it when they next open the conversation. 204; unknown id 404.",
        },
      },
    )
    .use(threadRoutes("user", { deps, auth, memory }))
    .use(threadRoutes("club", { deps, auth, memory }));
}

const messageLimits =
  "Chat and direct messages together are limited per account (RATE_MESSAGES_PER_ACCOUNT, default 30 a minute) and per client address (RATE_MESSAGES_PER_ADDRESS, default 600 a minute): past either 429 with Retry-After.";

/** What /docs says about each kind of conversation; the endpoints themselves are the same. */
const THREAD_DOCS = {
  user: {
    read: "Direct messages with a user",
    readRules:
      "Any signed-in user may read their conversation with any other user (not with themselves: 422). Messages of a message request the caller deleted are left out.",
    send: "Send a direct message",
    sendRules:
      "JSON {content}. Content is trimmed; empty or longer than 4000 characters is 422 and not stored. " +
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
      "JSON {content}, same rules as direct messages. Members of the club and admins may send; the " +
      "club's owner gets 403 'Club owners cannot send messages in the club chat.'; other non-members 403.",
  },
} as const;

/** GET (poll) and POST one conversation: /api/messages/user/{id} or /api/messages/club/{id}. */
function threadRoutes(
  type: "user" | "club",
  { deps, auth, memory }: { deps: AppDeps; auth: AuthPlugin; memory: PollMemory },
) {
  const { db, sql } = deps;
  const docs = THREAD_DOCS[type];
  return new Elysia({ name: `chat-${type}-routes`, detail: { tags: ["Chat"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      `/api/messages/${type}/:id`,
      async ({ user, params, query, headers, set, status }) => {
        const target = { type, id: params.id };
        const { messages, etag } = await readConversation({ db, sql, memory, user, target, query });
        if (isNotModified(etag, headers["if-none-match"], set.headers)) return status(304, undefined);
        return messages;
      },
      {
        auth: true,
        params: idParam,
        query: pollQuery,
        response: { ...errorResponses(404), 200: messageListResponse, 304: notModifiedResponse },
        detail: { summary: docs.read, description: pollDescription(docs.readRules) },
      },
    )
    .post(
      `/api/messages/${type}/:id`,
      async ({ user, params, body, set }) => {
        set.status = 201;
        return await sendMessage({ db, sql, user, target: { type, id: params.id }, content: body.content });
      },
      {
        rateLimit: "messages",
        // Documented rule (docs/features.md, Chat): NUL characters in a message are dropped, not refused.
        keepsNul: true,
        auth: true,
        params: idParam,
        body: sendMessageBody,
        response: { ...errorResponses(404, 429), 201: messageResponse },
        detail: { summary: docs.send, description: `${docs.sendRules} ${messageLimits}` },
      },
    );
}
