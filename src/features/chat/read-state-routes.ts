import { Elysia } from "elysia";
import { clubReadState, clubReadsQuery, directReadState } from "../../../common/api/mentions";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { getClubReadState, getDirectReadState } from "./read-state";
import { readStateDocs } from "./read-state-docs";

/** `GET /api/messages/{user|club}/{id}/reads`: read state ("Seen", "Seen by N"). */
export function readStateRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "chat-read-state-routes", detail: { tags: ["Chat"] } })
    .use(auth)
    .get(
      "/api/messages/user/:id/reads",
      ({ user, params }) => getDirectReadState({ db, user, otherId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: directReadState },
        detail: readStateDocs.direct,
      },
    )
    .get(
      "/api/messages/club/:id/reads",
      ({ user, params, query }) =>
        getClubReadState({
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
        response: { ...errorResponses(404), 200: clubReadState },
        detail: readStateDocs.club,
      },
    );
}
