import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { interestsDocs } from "./route-docs";
import { interestsBody, interestsResponse, suggestedClub, suggestedQuery } from "./schema";
import { getInterests, saveInterests } from "./service";
import { suggestClubs } from "./suggestions";

export function interestRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  return new Elysia({ name: "interest-routes" })
    .use(auth)
    .get(
      "/api/users/me/interests",
      async ({ user }) => await getInterests({ db: deps.db, userId: user.id }),
      {
        auth: true,
        response: { 200: interestsResponse },
        detail: { tags: ["Users"], ...interestsDocs.getInterests, security: [{ bearer: [] }] },
      },
    )
    .put(
      "/api/users/me/interests",
      async ({ user, body }) => await saveInterests({ db: deps.db, userId: user.id, input: body }),
      {
        auth: true,
        body: interestsBody,
        response: { 200: interestsResponse },
        detail: { tags: ["Users"], ...interestsDocs.saveInterests, security: [{ bearer: [] }] },
      },
    )
    .get(
      "/api/clubs/suggested",
      async ({ user, query }) => await suggestClubs({ db: deps.db, userId: user.id, limit: query.limit }),
      {
        auth: true,
        query: suggestedQuery,
        response: { ...errorResponses(), 200: z.array(suggestedClub) },
        detail: { tags: ["Clubs"], ...interestsDocs.suggestedClubs, security: [{ bearer: [] }] },
      },
    );
}
