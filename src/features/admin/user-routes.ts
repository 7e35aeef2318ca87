import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import { passwordCost } from "../../config";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
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
const adminOnly = "Admins only: 401 without a token, 403 for members and owners.";
const durationNote =
  "days, hours and minutes add up to the duration (at least one minute, at most 3650 days); false clears it. It lifts by itself when the time passes. An admin cannot restrict themselves (403).";

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
        detail: {
          summary: "List and search users",
          description: `?search= matches username, name or e-mail (case and accents ignored); ?limit= (default 20, max 100) and ?offset= page the list, newest first. The X-Total-Count header carries the number of matches. ${adminOnly}`,
          security,
        },
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
        detail: {
          summary: "Create a dummy (test) user",
          description: `Defaults: role member, first name Test, last name User, email_verified and test_account true; a strong password is generated when none is given. The response is the only place the password is ever shown. Username or e-mail taken: 409. Audited. ${adminOnly}`,
          security,
        },
      },
    )
    .patch(
      "/api/admin/users/:id/ban",
      async ({ user, params, query }) => {
        const done = await restrictUser({
          db: deps.db,
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
        detail: {
          summary: "Ban or unban a user",
          description: `?ban=true|false&days=&hours=&minutes=. Returns ban_until. A banned user cannot log in or use any token. ${durationNote} Audited. ${adminOnly}`,
          security,
        },
      },
    )
    .patch(
      "/api/admin/users/:id/mute",
      async ({ user, params, query }) => {
        const done = await restrictUser({
          db: deps.db,
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
        detail: {
          summary: "Mute or unmute a user",
          description: `?mute=true|false&days=&hours=&minutes=. Returns mute_until. A muted user can read but not post, comment or send messages (403 saying until when). ${durationNote} Audited. ${adminOnly}`,
          security,
        },
      },
    )
    .patch(
      "/api/admin/users/:id/role",
      async ({ user, params, body }) =>
        await changeRole({ db: deps.db, adminId: user.id, userId: params.id, role: body.role }),
      {
        role: ["admin"],
        params: idParam,
        body: roleBody,
        response: {
          ...errorResponses(404, 409),
          200: z.object({ id: z.number(), username: z.string(), role: z.enum(["member", "owner", "admin"]) }),
        },
        detail: {
          summary: "Change a user's role",
          description: `Body {role: member|owner|admin}. An admin cannot change their own role (403) nor demote the last admin (409). Making someone an owner approves their pending owner request. Audited. ${adminOnly}`,
          security,
        },
      },
    );
}
