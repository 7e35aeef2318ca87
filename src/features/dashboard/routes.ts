import { Elysia } from "elysia";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { dashboardDocs } from "./route-docs";
import { dashboardQuery, dashboardResponse } from "./schema";
import { getClubDashboard, getSiteDashboard } from "./service";

const security = [{ bearer: [] }];

export function dashboardRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "dashboard-routes", detail: { tags: ["Dashboard"] } })
    .use(auth)
    .get(
      "/api/clubs/:id/dashboard",
      async ({ user, params, query }) => await getClubDashboard({ db, user, clubId: params.id, query }),
      {
        // Officers with edit_club are often member accounts: the service checks the club right.
        auth: true,
        params: idParam,
        query: dashboardQuery,
        response: { 200: dashboardResponse, ...errorResponses(404) },
        detail: { ...dashboardDocs.clubDashboard, security },
      },
    )
    .get("/api/admin/dashboard", async ({ query }) => await getSiteDashboard({ db, query }), {
      role: ["admin"],
      query: dashboardQuery,
      response: { 200: dashboardResponse },
      detail: { ...dashboardDocs.siteDashboard, security },
    });
}
