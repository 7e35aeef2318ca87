import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { readAuditActions, readAuditLog } from "./audit-service";
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
        detail: {
          summary: "The admin audit log",
          description: `Every admin action (owner request approve/deny, ban, unban, mute, unmute, role change, dummy creation, comment, post, chat message and club deletion, report resolution), newest first, with the acting admin. Filters combine: ?action= (e.g. user.ban), ?actor= (the admin's username), ?target_type= (user, club, comment, post, message, owner_request) and ?target_id=. ?limit= (default 20, max 100), ?offset=; the X-Total-Count header carries the number of matching entries. ${adminOnly}`,
          security,
        },
      },
    )
    .get("/api/admin/audit/actions", async () => await readAuditActions({ db: deps.db }), {
      role: ["admin"],
      response: { 200: z.array(z.string()) },
      detail: {
        summary: "The actions the audit log holds",
        description: `Distinct action names (alphabetical, at most 200), for the audit screen's filter. ${adminOnly}`,
        security,
      },
    });
}
