import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { followWatchListChanges } from "./list-cache";
import { createWatchedWordBody, updateWatchedWordBody, watchedWordResponse } from "./schema";
import { addWatchedWord, changeWatchedWord, listWatchedWords, removeWatchedWord } from "./service";

const security = [{ bearer: [] }];
const adminOnly = "Admins only: 401 without a token, 403 for members and owners.";
const actions =
  "Actions: block (the text is refused with 422 and a detail that does not repeat the word), censor (stored with the match replaced by asterisks), flag (published, and ClubNica reports it to the moderation queue with the match highlighted), hold (comments are saved but shown only to their author until an admin approves them in the queue; other texts are refused as with block). Matching ignores case, accents, repeated letters and leetspeak (0→o, 1→i, 3→e, 4→a, @→a, $→s), whole words only.";

export function watchedWordRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  followWatchListChanges(deps);
  return new Elysia({ name: "watched-word-routes", detail: { tags: ["Admin"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get("/api/admin/watched-words", async () => await listWatchedWords({ db }), {
      role: ["admin"],
      response: { 200: z.array(watchedWordResponse) },
      detail: {
        summary: "The watched-words list",
        description: `Every entry, alphabetical. ${actions} ${adminOnly}`,
        security,
      },
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
        detail: {
          summary: "Watch a word or phrase (JSON {word, action})",
          description: `word is trimmed, 1-100 characters with at least one letter or digit. An entry that matches exactly the texts another does (e.g. "Pendéjo" and "pendejo") gives 409. Applies to the next text checked, on every replica. Audited (watched_word.create). ${actions} ${adminOnly}`,
          security,
        },
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
        detail: {
          summary: "Change what a watched word does (JSON {action})",
          description: `Unknown id: 404. Audited (watched_word.update, with the old and new action). ${adminOnly}`,
          security,
        },
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
        detail: {
          ...documentedContent.noContent,
          summary: "Stop watching a word",
          description: `204; unknown id: 404. Audited (watched_word.delete). ${adminOnly}`,
          security,
        },
      },
    );
}
