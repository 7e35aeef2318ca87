import { Elysia } from "elysia";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses, notModifiedResponse } from "../../lib/api-responses";
import { matchesIfNoneMatch } from "../../lib/conditional-get";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { deleteMessage } from "./delete-message";
import { chatDocs } from "./route-docs";
import {
  conversationListResponse,
  messageListResponse,
  messageResponse,
  pollQuery,
  sendMessageBody,
} from "./schema";
import { listConversations, readConversation, sendMessage } from "./service";

/** Sets the caching headers; true when the client's copy is current (answer 304). */
function isNotModified(etag: string, ifNoneMatch: string | undefined, headers: Record<string, unknown>) {
  Object.assign(headers, { etag, "cache-control": "private, no-cache", vary: "Authorization" });
  return matchesIfNoneMatch(ifNoneMatch, etag);
}

export function chatRoutes({ deps, auth, memory }: { deps: AppDeps; auth: AuthPlugin; memory: PollMemory }) {
  const { db } = deps;

  return new Elysia({ name: "chat-routes", detail: { tags: ["Chat"] } })
    .use(auth)
    .get("/api/messages/conversations", ({ user }) => listConversations({ db, user }), {
      auth: true,
      response: { 200: conversationListResponse },
      detail: { ...chatDocs.listConversations },
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
    .use(threadRoutes("user", { deps, auth, memory }))
    .use(threadRoutes("club", { deps, auth, memory }));
}

/** GET (poll) and POST one conversation: /api/messages/user/{id} or /api/messages/club/{id}. */
function threadRoutes(
  type: "user" | "club",
  { deps, auth, memory }: { deps: AppDeps; auth: AuthPlugin; memory: PollMemory },
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
        const { messages, etag } = await readConversation({ db, memory, user, target, query });
        if (isNotModified(etag, headers["if-none-match"], set.headers)) return status(304, undefined);
        return messages;
      },
      {
        auth: true,
        params: idParam,
        query: pollQuery,
        response: { ...errorResponses(404), 200: messageListResponse, 304: notModifiedResponse },
        detail: { ...docs.read },
      },
    )
    .post(
      `/api/messages/${type}/:id`,
      async ({ user, params, body, set }) => {
        set.status = 201;
        return await sendMessage({
          db,
          jobs: deps.jobs,
          user,
          target: { type, id: params.id },
          content: body.content,
        });
      },
      {
        rateLimit: "messages",
        // Documented rule (docs/features.md, Chat): NUL characters in a message are dropped, not refused.
        keepsNul: true,
        auth: true,
        params: idParam,
        body: sendMessageBody,
        response: { ...errorResponses(404, 429), 201: messageResponse },
        detail: { ...docs.send },
      },
    );
}
