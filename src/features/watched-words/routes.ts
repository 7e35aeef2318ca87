import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { followWatchListChanges } from "./list-cache";
import { watchedWordsDocs } from "./route-docs";
import { createWatchedWordBody, updateWatchedWordBody, watchedWordResponse } from "./schema";
import { addWatchedWord, changeWatchedWord, listWatchedWords, removeWatchedWord } from "./service";

const security = [{ bearer: [] }];

export function watchedWordRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  followWatchListChanges(deps);
  return new Elysia({ name: "watched-word-routes", detail: { tags: ["Admin"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get("/api/admin/watched-words", async () => await listWatchedWords({ db }), {
      role: ["admin"],
      response: { 200: z.array(watchedWordResponse) },
      detail: { ...watchedWordsDocs.listWords, security },
    })
    .post(
      "/api/admin/watched-words",
      async ({ user, body, set }) => {
        set.status = 201;
        return await addWatchedWord({ db, adminId: user.id, input: body });
      },
      {
        role: ["admin"],
        rateLimit: { none: "admins only" },
        body: createWatchedWordBody,
        response: { ...errorResponses(409), 201: watchedWordResponse },
        detail: { ...watchedWordsDocs.addWord, security },
      },
    )
    .put(
      "/api/admin/watched-words/:id",
      async ({ user, params, body }) =>
        await changeWatchedWord({ db, adminId: user.id, id: params.id, action: body.action }),
      {
        role: ["admin"],
        params: idParam,
        body: updateWatchedWordBody,
        response: { ...errorResponses(404), 200: watchedWordResponse },
        detail: { ...watchedWordsDocs.changeWord, security },
      },
    )
    .delete(
      "/api/admin/watched-words/:id",
      async ({ user, params, set }) => {
        await removeWatchedWord({ db, adminId: user.id, id: params.id });
        set.status = 204;
      },
      {
        role: ["admin"],
        params: idParam,
        response: { ...errorResponses(404) },
        detail: { ...documentedContent.noContent, ...watchedWordsDocs.removeWord, security },
      },
    );
}
