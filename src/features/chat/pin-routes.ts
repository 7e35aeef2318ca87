import { Elysia } from "elysia";
import { pinnedResponse } from "../../../common/api/chat-pins";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { pinDocs } from "./pin-docs";
import { getPinned, pinMessage, unpinMessage } from "./pin-service";

const moderatorsOnly = { none: "officers with moderate_chat and admins only, each audited" };

/** The club chat's one pinned message: pin, unpin, read. */
export function pinRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "chat-pin-routes", detail: { tags: ["Chat"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .post("/api/messages/:id/pin", ({ user, params }) => pinMessage({ db, user, messageId: params.id }), {
      rateLimit: moderatorsOnly,
      auth: true,
      params: idParam,
      response: { ...errorResponses(403, 404, 409), 200: pinnedResponse },
      detail: pinDocs.pin,
    })
    .delete(
      "/api/messages/:id/pin",
      async ({ user, params, set }) => {
        await unpinMessage({ db, user, messageId: params.id });
        set.status = 204;
      },
      {
        rateLimit: moderatorsOnly,
        auth: true,
        params: idParam,
        response: { ...errorResponses(403, 404) },
        detail: { ...documentedContent.noContent, ...pinDocs.unpin },
      },
    )
    .get("/api/messages/club/:id/pinned", ({ user, params }) => getPinned({ db, user, clubId: params.id }), {
      auth: true,
      params: idParam,
      response: { ...errorResponses(403, 404), 200: pinnedResponse },
      detail: pinDocs.pinned,
    });
}
