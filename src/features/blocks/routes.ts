import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { blocksDocs } from "./route-docs";
import { blockedUser, blockState } from "./schema";
import { blockUser, getBlockState, listBlockedUsers, unblockUser } from "./service";

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
      detail: blocksDocs.listBlocked,
    })
    .get(
      "/api/blocks/:id",
      async ({ user, params }) => await getBlockState({ db, userId: user.id, otherId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: blockState },
        detail: blocksDocs.blockState,
      },
    )
    .put("/api/blocks/:id", changeHandler(deps, blockUser), {
      ...changeOptions,
      detail: { ...documentedContent.noContent, ...blocksDocs.block },
    })
    .delete("/api/blocks/:id", changeHandler(deps, unblockUser), {
      ...changeOptions,
      detail: { ...documentedContent.noContent, ...blocksDocs.unblock },
    });
}
