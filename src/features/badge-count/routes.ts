import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { documentedContent } from "../../lib/api-responses";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { AuthPlugin } from "../../plugins/auth";
import { notificationsDocs } from "./route-docs";
import { notificationCountResponse } from "./schema";
import { getNotificationCount, markNotificationsSeen } from "./service";

/** Elysia sends a bare number as text/plain; the badge number is JSON (a client reads it with .json()). */
const jsonNumberHeaders = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "private, no-store",
};

export function notificationRoutes({
  deps,
  auth,
  memory,
}: {
  deps: AppDeps;
  auth: AuthPlugin;
  memory: PollMemory;
}) {
  const { db } = deps;
  return new Elysia({ name: "notification-routes", detail: { tags: ["Notifications"] } })
    .use(auth)
    .get(
      "/api/notifications",
      async ({ user, set }) => {
        Object.assign(set.headers, jsonNumberHeaders);
        return await getNotificationCount({ db, memory, user });
      },
      {
        auth: true,
        response: { 200: notificationCountResponse },
        detail: { ...documentedContent.jsonCount, ...notificationsDocs.badgeCount },
      },
    )
    .post(
      "/api/notifications/seen",
      async ({ user, set }) => {
        Object.assign(set.headers, jsonNumberHeaders);
        return await markNotificationsSeen({ db, user });
      },
      {
        auth: true,
        response: { 200: notificationCountResponse },
        detail: { ...documentedContent.jsonCount, ...notificationsDocs.markSeen },
      },
    );
}
