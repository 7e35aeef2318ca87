import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import { changeBusOf, followKeys } from "../../lib/database/change-bus";
import { changeKeys } from "../../lib/poll-memory/keys";
import { carriesFile } from "../../platform/rate-limits/actions";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { clubsDocs } from "./route-docs";
import { clubDetail, clubListItem, createClubBody, listClubsQuery, tagCount, updateClubBody } from "./schema";
import {
  createClub,
  createTopClubsCache,
  deleteClub,
  getClub,
  listClubs,
  listTags,
  updateClub,
} from "./service";

export function clubRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const topClubs = createTopClubsCache({ db: deps.db, logger: deps.logger });
  followKeys(changeBusOf(deps.db, deps.logger), [changeKeys.topClubs], topClubs.clear);
  return new Elysia({ name: "club-routes", detail: { tags: ["Clubs"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      "/api/clubs",
      async ({ query, set }) => {
        const page = await listClubs({ db: deps.db, query });
        set.headers["x-total-count"] = String(page.total);
        return page.items;
      },
      {
        optionalAuth: true,
        query: listClubsQuery,
        response: { 200: z.array(clubListItem) },
        detail: clubsDocs.listClubs,
      },
    )
    .get("/api/clubs/tags", async () => await listTags({ db: deps.db }), {
      response: { 200: z.array(tagCount) },
      detail: clubsDocs.listTags,
    })
    .get(
      "/api/clubs/:id",
      async ({ params, user }) => await getClub({ db: deps.db, id: params.id, viewer: user }),
      {
        optionalAuth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: clubDetail },
        detail: clubsDocs.getClub,
      },
    )
    .post(
      "/api/clubs",
      async ({ body, user, set }) => {
        set.status = 201;
        return await createClub({ db: deps.db, user, input: body });
      },
      {
        rateLimit: ["clubCreates", { action: "uploads", when: carriesFile }],
        bodyLimit: "club",
        auth: true,
        body: createClubBody,
        response: { ...errorResponses(415, 429), 201: clubDetail },
        detail: clubsDocs.createClub,
      },
    )
    .put(
      "/api/clubs/:id",
      async ({ params, body, user }) => {
        return await updateClub({ db: deps.db, user, id: params.id, input: body });
      },
      {
        rateLimit: ["clubEdits", { action: "uploads", when: carriesFile }],
        bodyLimit: "club",
        auth: true,
        params: idParam,
        body: updateClubBody,
        response: { ...errorResponses(404, 415, 429), 200: clubDetail },
        detail: clubsDocs.updateClub,
      },
    )
    .delete(
      "/api/clubs/:id",
      async ({ params, user }) => {
        await deleteClub({ db: deps.db, user, id: params.id });
        topClubs.clear();
        return { ok: true as const };
      },
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: z.object({ ok: z.literal(true) }) },
        detail: clubsDocs.deleteClub,
      },
    )
    .get("/public/top-clubs", () => topClubs.get(), {
      response: { 200: z.array(clubListItem) },
      detail: { tags: ["Public"], ...clubsDocs.topClubs },
    });
}
