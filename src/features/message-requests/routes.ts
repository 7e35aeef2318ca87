import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { messageRequestsDocs } from "./route-docs";
import { messageRequestList, requestParams } from "./schema";
import { acceptMessageRequest, deleteMessageRequest, listMessageRequests } from "./service";

export function messageRequestRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "message-request-routes", detail: { tags: ["Chat"] } })
    .use(auth)
    .get("/api/messages/requests", async ({ user }) => await listMessageRequests({ db, user }), {
      auth: true,
      response: { 200: messageRequestList },
      detail: messageRequestsDocs.listRequests,
    })
    .post(
      "/api/messages/requests/:userId/accept",
      async ({ user, params, set }) => {
        await acceptMessageRequest({ db, user, senderId: params.userId });
        set.status = 204;
      },
      {
        auth: true,
        params: requestParams,
        response: { ...errorResponses(404) },
        detail: { ...documentedContent.noContent, ...messageRequestsDocs.accept },
      },
    )
    .delete(
      "/api/messages/requests/:userId",
      async ({ user, params, set }) => {
        await deleteMessageRequest({ db, user, senderId: params.userId });
        set.status = 204;
      },
      {
        auth: true,
        params: requestParams,
        response: { ...errorResponses(404) },
        detail: { ...documentedContent.noContent, ...messageRequestsDocs.delete },
      },
    );
}
