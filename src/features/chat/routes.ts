import { Elysia } from "elysia";
import { sendMessageWithImageBody } from "../../../common/api/message-images";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses, notModifiedResponse } from "../../lib/api-responses";
import { matchesIfNoneMatch } from "../../lib/conditional-get";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import { carriesFile } from "../../platform/rate-limits/actions";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { announcementRoutes } from "./announcements-routes";
import { deleteMessage } from "./delete-message";
import { editMessage, setReaction } from "./message-changes";
import { assertSomethingToSend } from "./message-image-body";
import { readConversation } from "./read-conversation";
import { chatDocs } from "./route-docs";
import {
  conversationListResponse,
  editMessageBody,
  messageListResponse,
  messageResponse,
  pollQuery,
  reactionBody,
  reactionParams,
} from "./schema";
import type { LiveClubReaders } from "./send-message";
import { sendMessageOnce } from "./send-once";
import { listConversations } from "./service";

/** Sets the caching headers; true when the client's copy is current (answer 304). */
function isNotModified(etag: string, ifNoneMatch: string | undefined, headers: Record<string, unknown>) {
  Object.assign(headers, { etag, "cache-control": "private, no-cache", vary: "Authorization" });
  return matchesIfNoneMatch(ifNoneMatch, etag);
}

export function chatRoutes({
  deps,
  auth,
  memory,
  liveReaders,
}: {
  deps: AppDeps;
  auth: AuthPlugin;
  memory: PollMemory;
  /** The live hub's settled followers of a club chat (app.ts): no chat notice for them. */
  liveReaders?: LiveClubReaders;
}) {
  const { db } = deps;

  return new Elysia({ name: "chat-routes", detail: { tags: ["Chat"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get("/api/messages/conversations", ({ user }) => listConversations({ db, user }), {
      auth: true,
      response: { 200: conversationListResponse },
      detail: chatDocs.listConversations,
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
        detail: { ...documentedContent.noContent, ...chatDocs.deleteMessage },
      },
    )
    .patch(
      "/api/messages/:id",
      ({ user, params, body }) =>
        editMessage({ db, jobs: deps.jobs, user, messageId: params.id, content: body.content }),
      {
        rateLimit: "messageEdits",
        keepsNul: true,
        auth: true,
        params: idParam,
        body: editMessageBody,
        response: { ...errorResponses(403, 404, 409, 429), 200: messageResponse },
        detail: chatDocs.editMessage,
      },
    )
    .post(
      "/api/messages/:id/reactions",
      ({ user, params, body }) =>
        setReaction({ db, user, messageId: params.id, emoji: body.emoji, on: true }),
      {
        rateLimit: "messageReactions",
        auth: true,
        params: idParam,
        body: reactionBody,
        response: { ...errorResponses(403, 404, 409, 429), 200: messageResponse },
        detail: chatDocs.addReaction,
      },
    )
    .delete(
      "/api/messages/:id/reactions/:emoji",
      ({ user, params }) => setReaction({ db, user, messageId: params.id, emoji: params.emoji, on: false }),
      {
        rateLimit: "messageReactions",
        auth: true,
        params: reactionParams,
        response: { ...errorResponses(403, 404, 409, 429), 200: messageResponse },
        detail: chatDocs.removeReaction,
      },
    )
    .use(threadRoutes("user", { deps, auth, memory }))
    .use(threadRoutes("club", { deps, auth, memory, liveReaders }))
    .use(announcementRoutes({ deps, auth, memory }));
}

/** GET (poll) and POST one conversation: /api/messages/user/{id} or /api/messages/club/{id}. */
function threadRoutes(
  type: "user" | "club",
  {
    deps,
    auth,
    memory,
    liveReaders,
  }: { deps: AppDeps; auth: AuthPlugin; memory: PollMemory; liveReaders?: LiveClubReaders },
) {
  const { db } = deps;
  const docs = chatDocs.threads[type];
  return new Elysia({ name: `chat-${type}-routes`, detail: { tags: ["Chat"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      `/api/messages/${type}/:id`,
      async ({ user, params, query, headers, set, status }) => {
        const target = { type, id: params.id };
        const { messages, etag, changeSeq } = await readConversation({ db, memory, user, target, query });
        set.headers["x-change-seq"] = String(changeSeq);
        if (isNotModified(etag, headers["if-none-match"], set.headers)) return status(304, undefined);
        return messages;
      },
      {
        auth: true,
        params: idParam,
        query: pollQuery,
        response: { ...errorResponses(404), 200: messageListResponse, 304: notModifiedResponse },
        detail: docs.read,
      },
    )
    .post(
      `/api/messages/${type}/:id`,
      async ({ user, params, body, headers, set }) => {
        assertSomethingToSend(body, headers["content-type"]);
        const { message, created } = await sendMessageOnce({
          db,
          jobs: deps.jobs,
          user,
          target: { type, id: params.id },
          content: body.content ?? "",
          clientId: body.client_id,
          replyTo: body.reply_to,
          image: body.image,
          liveReaders,
        });
        set.status = created ? 201 : 200;
        return message;
      },
      {
        // A photo also counts as an upload, as a club cover does (message-image-docs.ts).
        rateLimit: ["messages", { action: "uploads", when: carriesFile }],
        bodyLimit: "image",
        // Documented rule (docs/features.md, Chat): NUL characters in a message are dropped, not refused.
        keepsNul: true,
        auth: true,
        params: idParam,
        body: sendMessageWithImageBody,
        response: { ...errorResponses(404, 413, 415, 429), 200: messageResponse, 201: messageResponse },
        detail: docs.send,
      },
    );
}
