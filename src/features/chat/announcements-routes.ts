import { Elysia } from "elysia";
import { clubReadState, clubReadsQuery } from "../../../common/api/mentions";
import { sendMessageWithImageBody } from "../../../common/api/message-images";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses, notModifiedResponse } from "../../lib/api-responses";
import { matchesIfNoneMatch } from "../../lib/conditional-get";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import { carriesFile } from "../../platform/rate-limits/actions";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { announcementDocs } from "./announcements-route-docs";
import { assertSomethingToSend } from "./message-image-body";
import { readConversation } from "./read-conversation";
import { getAnnouncementReadState } from "./read-state";
import { messageListResponse, messageResponse, pollQuery } from "./schema";
import { sendMessageOnce } from "./send-once";

/**
 * GET (poll) and POST of a club's Avisos channel, /api/messages/club/{id}/announcements: the
 * club chat's calls (same JSON, query, ETag/304, X-Change-Seq, client_id, reply_to, limits) on
 * the conversation `announcements:<id>`; who may read and write is announcements-access.ts.
 */
export function announcementRoutes({
  deps,
  auth,
  memory,
}: {
  deps: AppDeps;
  auth: AuthPlugin;
  memory: PollMemory;
}) {
  const { db } = deps;
  return new Elysia({ name: "chat-announcement-routes", detail: { tags: ["Chat"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      "/api/messages/club/:id/announcements",
      async ({ user, params, query, headers, set, status }) => {
        const target = { type: "announcements" as const, id: params.id };
        const { messages, etag, changeSeq } = await readConversation({ db, memory, user, target, query });
        set.headers["x-change-seq"] = String(changeSeq);
        Object.assign(set.headers, { etag, "cache-control": "private, no-cache", vary: "Authorization" });
        if (matchesIfNoneMatch(headers["if-none-match"], etag)) return status(304, undefined);
        return messages;
      },
      {
        auth: true,
        params: idParam,
        query: pollQuery,
        response: { ...errorResponses(403, 404), 200: messageListResponse, 304: notModifiedResponse },
        detail: announcementDocs.read,
      },
    )
    .post(
      "/api/messages/club/:id/announcements",
      async ({ user, params, body, headers, set }) => {
        assertSomethingToSend(body, headers["content-type"]);
        const { message, created } = await sendMessageOnce({
          db,
          jobs: deps.jobs,
          user,
          target: { type: "announcements", id: params.id },
          content: body.content ?? "",
          clientId: body.client_id,
          replyTo: body.reply_to,
          image: body.image,
        });
        set.status = created ? 201 : 200;
        return message;
      },
      {
        // The club chat's send (routes.ts): a photo also counts as an upload, as a club cover does.
        rateLimit: ["messages", { action: "uploads", when: carriesFile }],
        bodyLimit: "image",
        keepsNul: true,
        auth: true,
        params: idParam,
        body: sendMessageWithImageBody,
        response: {
          ...errorResponses(403, 404, 413, 415, 422, 429),
          200: messageResponse,
          201: messageResponse,
        },
        detail: announcementDocs.send,
      },
    )
    .get(
      "/api/messages/club/:id/announcements/reads",
      ({ user, params, query }) =>
        getAnnouncementReadState({
          db,
          user,
          clubId: params.id,
          messageId: query.message_id,
          names: query.names !== "false",
        }),
      {
        auth: true,
        params: idParam,
        query: clubReadsQuery,
        response: { ...errorResponses(403, 404), 200: clubReadState },
        detail: announcementDocs.reads,
      },
    );
}
