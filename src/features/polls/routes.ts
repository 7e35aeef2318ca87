import { Elysia } from "elysia";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { pollsDocs } from "./route-docs";
import { createPollBody, pollResponse, pollVotersResponse, voteBody } from "./schema";
import { closePoll, createPoll, getPoll } from "./service";
import { castVote, listVoters, withdrawVote } from "./vote-service";

export function pollRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "poll-routes", detail: { tags: ["Polls"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .post(
      "/api/clubs/:id/polls",
      async ({ params, body, user, set }) => {
        set.status = 201;
        return await createPoll({ deps, user, clubId: params.id, input: body });
      },
      {
        rateLimit: "posts",
        auth: true,
        params: idParam,
        body: createPollBody,
        response: { ...errorResponses(404, 429), 201: pollResponse },
        detail: pollsDocs.createPoll,
      },
    )
    .get("/api/polls/:id", async ({ params, user }) => await getPoll({ db, viewer: user, id: params.id }), {
      optionalAuth: true,
      params: idParam,
      response: { ...errorResponses(404), 200: pollResponse },
      detail: pollsDocs.getPoll,
    })
    .put(
      "/api/polls/:id/vote",
      async ({ params, body, user }) => await castVote({ db, user, id: params.id, choices: body.options }),
      {
        rateLimit: "pollVotes",
        auth: true,
        params: idParam,
        body: voteBody,
        response: { ...errorResponses(404, 409, 429), 200: pollResponse },
        detail: pollsDocs.vote,
      },
    )
    .delete(
      "/api/polls/:id/vote",
      async ({ params, user }) => await withdrawVote({ db, user, id: params.id }),
      {
        rateLimit: "pollVotes",
        auth: true,
        params: idParam,
        response: { ...errorResponses(404, 409, 429), 200: pollResponse },
        detail: pollsDocs.withdraw,
      },
    )
    .get("/api/polls/:id/voters", async ({ params, user }) => await listVoters({ db, user, id: params.id }), {
      auth: true,
      params: idParam,
      response: { ...errorResponses(404), 200: pollVotersResponse },
      detail: pollsDocs.voters,
    })
    .post("/api/polls/:id/close", async ({ params, user }) => await closePoll({ db, user, id: params.id }), {
      auth: true,
      params: idParam,
      response: { ...errorResponses(404), 200: pollResponse },
      detail: pollsDocs.close,
    });
}
