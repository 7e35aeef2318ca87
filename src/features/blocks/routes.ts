import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { blockedUser, blockState } from "./schema";
import { blockUser, getBlockState, listBlockedUsers, unblockUser } from "./service";

const limits =
  "Blocking and unblocking together are limited per account (RATE_BLOCKS_PER_ACCOUNT, default 60 an hour) and per client address (RATE_BLOCKS_PER_ADDRESS, default 600 an hour): past either 429 with Retry-After.";
const target = "Yourself: 422. Unknown user: 404.";

/** Block and unblock share their checks and answer: 204, or 404/422/429. */
const changeOptions = {
  auth: true,
  clientAddress: true,
  rateLimit: { service: "blocks" },
  params: idParam,
  response: { ...errorResponses(404, 429) },
} as const;

function changeHandler(deps: AppDeps, change: typeof blockUser) {
  return async ({
    user,
    params,
    set,
    clientAddress,
  }: {
    user: { id: number };
    params: { id: number };
    set: { status?: number | string };
    clientAddress: string;
  }) => {
    await change({ deps, userId: user.id, otherId: params.id, address: clientAddress });
    set.status = 204;
  };
}

export function blockRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "block-routes", detail: { tags: ["Blocks"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get("/api/blocks", async ({ user }) => await listBlockedUsers({ db, userId: user.id }), {
      auth: true,
      response: { 200: z.array(blockedUser) },
      detail: {
        summary: "The people the caller blocked, most recent first",
        description:
          "For the profile's Blocked people list. Every signed-in user (banned users get 403 like everywhere).",
      },
    })
    .get(
      "/api/blocks/:id",
      async ({ user, params }) => await getBlockState({ db, userId: user.id, otherId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: blockState },
        detail: {
          summary: "Block state between the caller and user {id}",
          description: `blocked: the caller blocked them. can_message: direct messages are possible (false when either side blocked; whether the other side blocked the caller is not told on its own). ${target}`,
        },
      },
    )
    .put("/api/blocks/:id", changeHandler(deps, blockUser), {
      ...changeOptions,
      detail: {
        ...documentedContent.noContent,
        summary: "Block user {id}",
        description: `Silent: the blocked person is not told. From then on direct messages between the two are refused both ways (403), neither sees the other in the conversation list, and the caller no longer sees their comments and club-chat messages. Blocking twice is the same as once. Muted users may block. 204. ${target} ${limits}`,
      },
    })
    .delete("/api/blocks/:id", changeHandler(deps, unblockUser), {
      ...changeOptions,
      detail: {
        ...documentedContent.noContent,
        summary: "Unblock user {id}",
        description: `Restores messages and shows their comments and club messages again. Unblocking someone not blocked is 204 too. ${target} ${limits}`,
      },
    });
}
