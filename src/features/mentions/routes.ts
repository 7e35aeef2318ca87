import { Elysia } from "elysia";
import { memberSearchQuery, mentionableMemberList } from "../../../common/api/mentions";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { mentionsDocs } from "./route-docs";
import { listMentionableMembers } from "./service";

export function mentionsRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "mentions-routes", detail: { tags: ["Chat"] } })
    .use(auth)
    .get(
      "/api/clubs/:id/members",
      ({ user, params, query }) =>
        listMentionableMembers({ db, user, clubId: params.id, q: query.q, limit: query.limit }),
      {
        auth: true,
        params: idParam,
        query: memberSearchQuery,
        response: { ...errorResponses(404), 200: mentionableMemberList },
        detail: mentionsDocs.listMembers,
      },
    );
}
