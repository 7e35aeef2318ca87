import { Elysia } from "elysia";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { noticeCountsResponse, noticeListQuery, noticeListResponse, noticeReadResponse } from "./schema";
import { getNoticeCounts, listNotices, readAllNotices, readNotice } from "./service";

const limits =
  "Marking read (one or all together) is limited per account (RATE_NOTICE_READS_PER_ACCOUNT, default 300 in 10 minutes): past it 429 with Retry-After.";

/**
 * The notification centre: the bell's list and numbers. The spec's GET /api/notifications (the
 * Connections badge) stays in src/features/notifications and counts only its own kinds.
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
        detail: {
          summary: "The caller's notices, latest first (the notification centre)",
          description:
            "Every kind (request_accepted, request_declined, event_moved, event_cancelled, event_promoted, report_actioned, " +
            "report_dismissed, join_request, club_post, club_event, post_comment, direct_message, club_message, owner_approved, " +
            "owner_denied, account_muted, account_banned, role_changed), each with the ids it is about, the `path` a tap opens, " +
            "one line of `text` in the caller's language and a picture. Ordered by last change (a chat notice moves up as it " +
            "grows: one per conversation while unread, `count` messages). ?limit= (1-100, default 20); ?before=<id of the " +
            "previous page's last notice> for the next page (keyset). `seen` is the Connections screen's mark (the badge " +
            "kinds count on GET /api/notifications until seen); `read` is the centre's. Reading the list marks nothing.",
        },
      },
    )
    .get("/api/notifications/notices/count", ({ user }) => getNoticeCounts({ db, user, memory }), {
      auth: true,
      response: { 200: noticeCountsResponse },
      detail: {
        summary: "The bell's numbers",
        description:
          "{unread: notices not read in the centre, join_requests: connection requests waiting for the caller's decision " +
          "(clubs they own while owner; all for admins), shown where the requests are, connection_notices: the notices the " +
          "Connections badge counts until seen; the badge minus both is the unread messages, for the Chats tab}. Poll it like the badge: it answers " +
          "with an ETag, and If-None-Match gives a bodiless 304 while nothing changed.",
      },
    })
    .post("/api/notifications/notices/read-all", ({ user }) => readAllNotices({ deps, user }), {
      auth: true,
      rateLimit: "noticeReads",
      response: { 200: noticeReadResponse, ...errorResponses(429) },
      detail: {
        summary: "Mark every notice of the caller read",
        description: `Answers {unread: 0}. ${limits}`,
      },
    })
    .post(
      "/api/notifications/notices/:id/read",
      ({ user, params }) => readNotice({ deps, user, id: params.id }),
      {
        auth: true,
        rateLimit: "noticeReads",
        params: idParam,
        response: { 200: noticeReadResponse, ...errorResponses(404, 422, 429) },
        detail: {
          summary: "Mark one notice read",
          description: `Answers {unread} (the caller's notices still unread). Another person's notice or an unknown id: 404. Opening a chat (GET /api/messages/...) also reads that chat's notice. ${limits}`,
        },
      },
    );
}
