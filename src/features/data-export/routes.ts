import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { dataExportStatus } from "./schema";
import { downloadExport, getExportStatus, requestExport } from "./service";

const who =
  "Only for the caller's own data. Any signed-in account, muted ones too; a banned account gets 403 like on every call (a ban stops all signed-in use, log-in included): the person can download once the ban ends.";
const contents =
  "The file is a ZIP: clubnica-data.json (profile, settings with the language, the interests the person picked and whether a calendar feed exists but not its secret address, club memberships, clubs owned, join and owner requests, posts written, comments, messages sent, event answers, likes, favorites, reports made, people blocked as ids) and the person's pictures under pictures/. Never a password hash, token, code, another person's name or e-mail, messages received or reports about the person.";

export function dataExportRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "data-export-routes", detail: { tags: ["Data export"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get("/api/users/me/data-export", async ({ user }) => await getExportStatus({ db, userId: user.id }), {
      auth: true,
      response: { 200: dataExportStatus },
      detail: {
        summary: "Where my data download stands",
        description: `status none (never asked, or the file expired), pending (being built) or ready (expires_at: 7 days after it was built). ${who}`,
      },
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
        detail: {
          summary: "Ask for a file of everything the app holds about me",
          description: `202 with the status: a job builds the file (status pending, then ready). Asking again while it is built answers the same and does not count. A new request replaces a ready file. Limited per account (RATE_DATA_EXPORTS_PER_ACCOUNT, default 3 a day): past it 429 with Retry-After. ${contents} ${who}`,
        },
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
          summary: "Download my data file (ZIP, as an attachment)",
          description: `Needs the bearer token (the browser fetches it and saves the blob; there is no link that works without the token, so nothing secret is in a URL or a log). 404 when no file was asked for (or it was deleted after expiring), 409 while it is being built, 410 once it has expired (files are kept 7 days; an hourly job deletes them). ${contents} ${who}`,
        },
      },
    );
}
