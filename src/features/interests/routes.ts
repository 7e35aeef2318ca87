import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { interestsBody, interestsResponse, suggestedClub, suggestedQuery } from "./schema";
import { getInterests, saveInterests } from "./service";
import { SUGGESTIONS_LIMIT, suggestClubs } from "./suggestions";

export function interestRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  return new Elysia({ name: "interest-routes" })
    .use(auth)
    .get(
      "/api/users/me/interests",
      async ({ user }) => await getInterests({ db: deps.db, userId: user.id }),
      {
        auth: true,
        response: { 200: interestsResponse },
        detail: {
          tags: ["Users"],
          summary: "What the signed-in person said interests them",
          description:
            'Club tags (as clubs spell them), region and school, from the "What interests you?" picker. Never saved: empty tags, nulls and updated_at null.',
          security: [{ bearer: [] }],
        },
      },
    )
    .put(
      "/api/users/me/interests",
      async ({ user, body }) => await saveInterests({ db: deps.db, userId: user.id, input: body }),
      {
        auth: true,
        body: interestsBody,
        response: { 200: interestsResponse },
        detail: {
          tags: ["Users"],
          summary: "Save what interests the signed-in person",
          description:
            "JSON `{tags, region, school}`, each optional: left out keeps the saved value, null clears it (an empty body records that the picker was skipped). Every tag must be one some club uses, matched ignoring case and accents and saved as clubs spell it; otherwise 422 naming the tag's position. At most 10 tags; region one of Managua, León, Masaya, Granada; school at most 200 characters. Banned accounts get 403; muted ones may save.",
          security: [{ bearer: [] }],
        },
      },
    )
    .get(
      "/api/clubs/suggested",
      async ({ user, query }) => await suggestClubs({ db: deps.db, userId: user.id, limit: query.limit }),
      {
        auth: true,
        query: suggestedQuery,
        response: { ...errorResponses(), 200: z.array(suggestedClub) },
        detail: {
          tags: ["Clubs"],
          summary: 'Open clubs for the signed-in person ("For you"), each with its reasons',
          description: `Open clubs sharing a saved interest tag, in the saved region, or with a member from the same school (before interests are saved, the profile's region and school). Never a club the person owns, belongs to or has a pending request with. Order: number of shared tags, region match, school match, most recent activity, then id; no other signal. Each club carries \`reasons\`, the rules that matched, in the reader's language. \`?limit=\` 1-50, default ${SUGGESTIONS_LIMIT}.`,
          security: [{ bearer: [] }],
        },
      },
    );
}
