import { Elysia } from "elysia";
import { z } from "zod";
import { reassignBody } from "../../../common/api/club-officers";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { reassignClubOwner } from "../clubs";
import { readAuditActions, readAuditLog } from "./audit-service";
import { decideRequest, listOwnerRequests } from "./owner-requests-service";
import { adminDocs } from "./route-docs";
import { auditEntry, auditQuery, decideQuery, decideResponse, ownerRequestItem } from "./schema";
import { adminUserRoutes } from "./user-routes";

const security = [{ bearer: [] }];
export function adminRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  return new Elysia({ name: "admin-routes", detail: { tags: ["Admin"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .use(adminUserRoutes({ deps, auth }))
    .get("/api/admin/owner-requests", async () => await listOwnerRequests({ db: deps.db }), {
      role: ["admin"],
      response: { 200: z.array(ownerRequestItem) },
      detail: { ...adminDocs.listOwnerRequests, security },
    })
    .patch(
      "/api/admin/owner-requests/:id",
      async ({ user, params, query }) =>
        await decideRequest({ deps, adminId: user.id, requestId: params.id, approve: query.approve }),
      {
        role: ["admin"],
        params: idParam,
        query: decideQuery,
        response: { ...errorResponses(404, 409), 200: decideResponse },
        detail: { ...adminDocs.decideOwnerRequest, security },
      },
    )
    .post(
      "/api/admin/clubs/:id/owner",
      async ({ user, params, body }) =>
        await reassignClubOwner({
          db: deps.db,
          jobs: deps.jobs,
          admin: user,
          clubId: params.id,
          userId: body.user_id,
        }),
      {
        rateLimit: "handovers",
        role: ["admin"],
        params: idParam,
        body: reassignBody,
        response: {
          ...errorResponses(404, 409, 422, 429),
          200: z.object({ ok: z.literal(true), club_id: z.number(), owner_id: z.number() }),
        },
        detail: { ...adminDocs.reassignClubOwner, security },
      },
    )
    .get(
      "/api/admin/audit",
      async ({ query, set }) => {
        const page = await readAuditLog({ db: deps.db, ...query });
        set.headers["x-total-count"] = String(page.total);
        return page.entries;
      },
      {
        role: ["admin"],
        query: auditQuery,
        response: { 200: z.array(auditEntry) },
        detail: { ...adminDocs.readAuditLog, security },
      },
    )
    .get("/api/admin/audit/actions", async () => await readAuditActions({ db: deps.db }), {
      role: ["admin"],
      response: { 200: z.array(z.string()) },
      detail: { ...adminDocs.listAuditActions, security },
    });
}
