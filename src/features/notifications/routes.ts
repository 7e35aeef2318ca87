import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { documentedContent } from "../../lib/api-responses";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { AuthPlugin } from "../../plugins/auth";
import { notificationCountResponse } from "./schema";
import { getNotificationCount, markNotificationsSeen } from "./service";

const countRule =
  "The number is: unread direct messages (from others, after the caller's read mark) + unread " +
  "messages in the chats of clubs the caller is a member of and does not own + connection requests " +
  "waiting for the caller's decision (requests to clubs they own; every pending request for admins) + " +
  "notices not yet seen (an owner accepted or declined the caller's request, an event they go to moved, was cancelled or " +
  "gave them a place, a report of theirs was acted on; the notification centre's other notices never count here). Each conversation " +
  "counts at most 100. Opening a conversation (GET /api/messages/...) marks it read; " +
  "POST /api/notifications/seen marks notices seen.";

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
  const { db, sql } = deps;
  return new Elysia({ name: "notification-routes", detail: { tags: ["Notifications"] } })
    .use(auth)
    .get(
      "/api/notifications",
      async ({ user, set }) => {
        Object.assign(set.headers, jsonNumberHeaders);
        return await getNotificationCount({ sql, memory, user });
      },
      {
        auth: true,
        response: { 200: notificationCountResponse },
        detail: {
          ...documentedContent.jsonCount,
          summary: "The Connections badge number (a plain JSON number)",
          description: `Polled every 10 s. ${countRule}`,
        },
      },
    )
    .post(
      "/api/notifications/seen",
      async ({ user, set }) => {
        Object.assign(set.headers, jsonNumberHeaders);
        return await markNotificationsSeen({ db, sql, user });
      },
      {
        auth: true,
        response: { 200: notificationCountResponse },
        detail: {
          ...documentedContent.jsonCount,
          summary: "Mark the caller's notices seen",
          description:
            "Call when the Connections screen opens: every unseen notice (request accepted/declined) stops " +
            "counting. Returns the new badge number. Unread messages and pending requests are unaffected.",
        },
      },
    );
}
