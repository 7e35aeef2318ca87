import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { readAuditLog } from "./audit-service";
import { decideRequest, listOwnerRequests } from "./owner-requests-service";
import { auditEntry, auditQuery, decideQuery, decideResponse, ownerRequestItem } from "./schema";
import { adminUserRoutes } from "./user-routes";

const security = [{ bearer: [] }];
const adminOnly = "Admins only: 401 without a token, 403 for members and owners.";

export function adminRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  return new Elysia({ name: "admin-routes", detail: { tags: ["Admin"] } })
    .use(auth)
    .use(adminUserRoutes({ deps, auth }))
    .get("/api/admin/owner-requests", async () => await listOwnerRequests({ db: deps.db }), {
      role: ["admin"],
      response: { 200: z.array(ownerRequestItem) },
      detail: {
        summary: "Pending owner requests",
        description: `Oldest first. role is the user's current role; requested_role is always owner. ${adminOnly}`,
        security,
      },
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
        detail: {
          summary: "Approve or deny an owner request",
          description: `?approve=true makes the user an owner; ?approve=false leaves them a member. Either way the request leaves the pending list and the user gets an e-mail saying so when they have an address. 404 unknown, 409 already decided. Audited. ${adminOnly}`,
          security,
        },
      },
    )
    .get("/api/admin/audit", async ({ query }) => await readAuditLog({ db: deps.db, ...query }), {
      role: ["admin"],
      query: auditQuery,
      response: { 200: z.array(auditEntry) },
      detail: {
        summary: "The admin audit log",
        description: `Every admin action (owner request approve/deny, ban, unban, mute, unmute, role change, dummy creation, comment and club deletion), newest first, with the acting admin. ?action= filters (e.g. user.ban); ?limit= (default 20, max 100), ?offset=. ${adminOnly}`,
        security,
      },
    });
}
