import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { dataExportDocs } from "./route-docs";
import { dataExportStatus } from "./schema";
import { downloadExport, getExportStatus, requestExport } from "./service";

export function dataExportRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "data-export-routes", detail: { tags: ["Data export"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get("/api/users/me/data-export", async ({ user }) => await getExportStatus({ db, userId: user.id }), {
      auth: true,
      response: { 200: dataExportStatus },
      detail: dataExportDocs.exportStatus,
    })
    .post(
      "/api/users/me/data-export",
      async ({ user, set }) => {
        const status = await requestExport({ deps, userId: user.id });
        set.status = 202;
        return status;
      },
      {
        auth: true,
        // Not counted while a file is being built: the service decides.
        rateLimit: { service: "dataExports" },
        response: { 202: dataExportStatus, ...errorResponses(429) },
        detail: dataExportDocs.requestExport,
      },
    )
    .get(
      "/api/users/me/data-export/download",
      async ({ user }) => {
        const { bytes, fileName } = await downloadExport({ db, userId: user.id });
        return new Response(bytes, {
          headers: {
            "content-type": "application/zip",
            "content-disposition": `attachment; filename="${fileName}"`,
            // Personal data: never kept by a browser's or a proxy's cache.
            "cache-control": "private, no-store",
            "x-content-type-options": "nosniff",
          },
        });
      },
      {
        auth: true,
        response: { ...errorResponses(404, 409, 410) },
        detail: {
          "x-response-content": {
            200: { "application/zip": { schema: { type: "string", format: "binary" } } },
          },
          ...dataExportDocs.downloadExport,
        },
      },
    );
}
