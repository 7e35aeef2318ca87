import { Elysia } from "elysia";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { noticesDocs } from "./route-docs";
import { noticeCountsResponse, noticeListQuery, noticeListResponse, noticeReadResponse } from "./schema";
import { getNoticeCounts, listNotices, readAllNotices, readNotice } from "./service";

/**
 * The notification centre: the bell's list and numbers. The spec's GET /api/notifications (the
 * Connections badge) stays in src/features/badge-count and counts only its own kinds.
 */
export function noticeRoutes({
  deps,
  auth,
  memory,
}: {
  deps: AppDeps;
  auth: AuthPlugin;
  memory: PollMemory;
}) {
  const { db } = deps;
  return new Elysia({ name: "notice-routes", detail: { tags: ["Notifications"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      "/api/notifications/notices",
      ({ user, query }) => listNotices({ db, user, limit: query.limit, before: query.before }),
      {
        auth: true,
        query: noticeListQuery,
        response: { 200: noticeListResponse, ...errorResponses(422) },
        detail: noticesDocs.listNotices,
      },
    )
    .get("/api/notifications/notices/count", ({ user }) => getNoticeCounts({ db, user, memory }), {
      auth: true,
      response: { 200: noticeCountsResponse },
      detail: noticesDocs.counts,
    })
    .post("/api/notifications/notices/read-all", ({ user }) => readAllNotices({ deps, user }), {
      auth: true,
      rateLimit: "noticeReads",
      response: { 200: noticeReadResponse, ...errorResponses(429) },
      detail: noticesDocs.readAll,
    })
    .post(
      "/api/notifications/notices/:id/read",
      ({ user, params }) => readNotice({ deps, user, id: params.id }),
      {
        auth: true,
        rateLimit: "noticeReads",
        params: idParam,
        response: { 200: noticeReadResponse, ...errorResponses(404, 422, 429) },
        detail: noticesDocs.readOne,
      },
    );
}
