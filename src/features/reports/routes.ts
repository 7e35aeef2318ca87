import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { countReports, listReportQueue } from "./queue-service";
import { resolveReports } from "./resolve-service";
import { reportsDocs } from "./route-docs";
import {
  createReportBody,
  myOpenReport,
  reportCountResponse,
  reportGroup,
  reportQueueQuery,
  reportResponse,
  resolveReportsBody,
  resolveReportsResponse,
} from "./schema";
import { createReport, listMyOpenReports } from "./service";

const security = [{ bearer: [] }];

export function reportRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "report-routes", detail: { tags: ["Reports"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .post(
      "/api/reports",
      async ({ user, body, set, clientAddress }) => {
        set.status = 201;
        return await createReport({ deps, user, address: clientAddress, input: body });
      },
      {
        clientAddress: true,
        rateLimit: { service: "reports" },
        auth: true,
        body: createReportBody,
        response: { ...errorResponses(404, 409, 429), 201: reportResponse },
        detail: { ...reportsDocs.createReport, security },
      },
    )
    .get("/api/reports/mine", async ({ user }) => await listMyOpenReports({ db, user }), {
      auth: true,
      response: { 200: z.array(myOpenReport) },
      detail: { ...reportsDocs.myOpenReports, security },
    })
    .get(
      "/api/admin/reports",
      async ({ query, set }) => {
        const page = await listReportQueue({ db, ...query });
        set.headers["x-total-count"] = String(page.total);
        return page.groups;
      },
      {
        role: ["admin"],
        query: reportQueueQuery,
        response: { 200: z.array(reportGroup) },
        detail: { ...reportsDocs.reportQueue, tags: ["Admin"], security },
      },
    )
    .get("/api/admin/reports/count", async () => await countReports({ db }), {
      role: ["admin"],
      response: { 200: reportCountResponse },
      detail: { ...reportsDocs.reportCount, tags: ["Admin"], security },
    })
    .post(
      "/api/admin/reports/resolve",
      async ({ user, body }) => await resolveReports({ deps, admin: user, input: body }),
      {
        role: ["admin"],
        body: resolveReportsBody,
        response: { ...errorResponses(404, 409), 200: resolveReportsResponse },
        detail: { ...reportsDocs.resolveReports, tags: ["Admin"], security },
      },
    );
}
