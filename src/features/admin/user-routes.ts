import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import { passwordCost } from "../../config";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { adminDocs } from "./route-docs";
import {
  adminUser,
  banQuery,
  createDummyBody,
  createDummyResponse,
  muteQuery,
  roleBody,
  userListQuery,
} from "./schema";
import { changeRole, createDummyUser, restrictUser, searchUsers } from "./users-service";

const security = [{ bearer: [] }];

export function adminUserRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  return new Elysia({ name: "admin-user-routes", detail: { tags: ["Admin"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      "/api/admin/users",
      async ({ query, set }) => {
        const page = await searchUsers({ db: deps.db, ...query });
        set.headers["x-total-count"] = String(page.total);
        return page.users;
      },
      {
        role: ["admin"],
        query: userListQuery,
        response: { 200: z.array(adminUser) },
        detail: { ...adminDocs.listUsers, security },
      },
    )
    .post(
      "/api/admin/users",
      async ({ user, body, set }) => {
        set.status = 201;
        return await createDummyUser({
          db: deps.db,
          adminId: user.id,
          input: body,
          cost: passwordCost(deps.config),
        });
      },
      {
        role: ["admin"],
        rateLimit: { none: "admins only" },
        body: createDummyBody,
        response: { ...errorResponses(409), 201: createDummyResponse },
        detail: { ...adminDocs.createDummyUser, security },
      },
    )
    .patch(
      "/api/admin/users/:id/ban",
      async ({ user, params, query }) => {
        const done = await restrictUser({
          db: deps.db,
          jobs: deps.jobs,
          adminId: user.id,
          userId: params.id,
          kind: "ban",
          on: query.ban,
          duration: query,
        });
        return { id: done.id, ban_until: done.until };
      },
      {
        role: ["admin"],
        params: idParam,
        query: banQuery,
        response: {
          ...errorResponses(404),
          200: z.object({ id: z.number(), ban_until: z.string().nullable() }),
        },
        detail: { ...adminDocs.banUser, security },
      },
    )
    .patch(
      "/api/admin/users/:id/mute",
      async ({ user, params, query }) => {
        const done = await restrictUser({
          db: deps.db,
          jobs: deps.jobs,
          adminId: user.id,
          userId: params.id,
          kind: "mute",
          on: query.mute,
          duration: query,
        });
        return { id: done.id, mute_until: done.until };
      },
      {
        role: ["admin"],
        params: idParam,
        query: muteQuery,
        response: {
          ...errorResponses(404),
          200: z.object({ id: z.number(), mute_until: z.string().nullable() }),
        },
        detail: { ...adminDocs.muteUser, security },
      },
    )
    .patch(
      "/api/admin/users/:id/role",
      async ({ user, params, body }) =>
        await changeRole({
          db: deps.db,
          jobs: deps.jobs,
          adminId: user.id,
          userId: params.id,
          role: body.role,
        }),
      {
        role: ["admin"],
        params: idParam,
        body: roleBody,
        response: {
          ...errorResponses(404, 409),
          200: z.object({ id: z.number(), username: z.string(), role: z.enum(["member", "owner", "admin"]) }),
        },
        detail: { ...adminDocs.changeRole, security },
      },
    );
}
