import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { listAttendees } from "./attendees-service";
import {
  clubCalendar,
  eventCalendar,
  getFeedUrl,
  personalCalendar,
  regenerateFeedUrl,
} from "./calendar-service";
import { eventsDocs } from "./route-docs";
import { answerRsvp } from "./rsvp-service";
import {
  attendeesResponse,
  calendarFeedResponse,
  errorResponse,
  feedFileParam,
  rsvpBody,
  rsvpResponse,
  upcomingQuery,
  upcomingResponse,
} from "./schema";
import { listUpcoming } from "./upcoming-service";

function ics(body: string, set: { headers: Record<string, string | number> }, filename: string) {
  set.headers["content-type"] = "text/calendar; charset=utf-8";
  set.headers["content-disposition"] = `attachment; filename="${filename}"`;
  // Calendar apps poll feeds; a few minutes of caching spares the database.
  set.headers["cache-control"] = "private, max-age=300";
  return body;
}

/**
 * The calendar routes answer text/calendar, which the OpenAPI plugin cannot infer from a schema
 * (it would say text/plain), so their responses are written out here.
 */
function icsResponses(description: string) {
  const error = (what: string) => ({
    description: what,
    content: { "application/json": { schema: z.toJSONSchema(errorResponse) as Record<string, unknown> } },
  });
  return {
    200: { description, content: { "text/calendar": { schema: { type: "string" as const } } } },
    404: error("Not found"),
    422: error("Invalid path parameter"),
  };
}

export function eventRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db, jobs, config } = deps;
  return new Elysia({ name: "event-routes", detail: { tags: ["Events"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .put(
      "/api/posts/:id/rsvp",
      async ({ params, body, user }) =>
        await answerRsvp({ db, jobs, user, postId: params.id, answer: body.status }),
      {
        auth: true,
        params: idParam,
        body: rsvpBody,
        response: {
          200: rsvpResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
        },
        detail: eventsDocs.rsvp,
      },
    )
    .get(
      "/api/posts/:id/attendees",
      async ({ params, user }) => await listAttendees({ db, user, postId: params.id }),
      {
        auth: true,
        params: idParam,
        response: {
          200: attendeesResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          422: errorResponse,
        },
        detail: eventsDocs.attendees,
      },
    )
    .get(
      "/api/posts/:id/event.ics",
      async ({ params, set }) =>
        ics(await eventCalendar({ db, config, postId: params.id }), set, `event-${params.id}.ics`),
      {
        params: idParam,
        detail: { ...eventsDocs.eventIcs, responses: icsResponses("The event as text/calendar") },
      },
    )
    .get(
      "/clubs/:id/calendar.ics",
      async ({ params, set }) =>
        ics(await clubCalendar({ db, config, clubId: params.id }), set, `club-${params.id}.ics`),
      {
        params: idParam,
        detail: { ...eventsDocs.clubCalendar, responses: icsResponses("The club's events as text/calendar") },
      },
    )
    .get(
      "/calendar/:file",
      async ({ params, set }) =>
        ics(await personalCalendar({ db, config, file: params.file }), set, "clubnica.ics"),
      {
        params: feedFileParam,
        detail: {
          ...eventsDocs.personalCalendar,
          responses: icsResponses("The user's events as text/calendar"),
        },
      },
    )
    .get("/api/users/me/calendar-feed", async ({ user }) => await getFeedUrl({ db, config, user }), {
      auth: true,
      response: { 200: calendarFeedResponse, 401: errorResponse, 403: errorResponse },
      detail: eventsDocs.getCalendarFeed,
    })
    .post(
      "/api/users/me/calendar-feed",
      async ({ user }) => {
        return await regenerateFeedUrl({ db, config, user });
      },
      {
        rateLimit: "calendarFeeds",
        auth: true,
        response: { 200: calendarFeedResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
        detail: eventsDocs.regenerateCalendarFeed,
      },
    )
    .get("/api/events/upcoming", async ({ user, query }) => await listUpcoming({ db, user, query }), {
      optionalAuth: true,
      query: upcomingQuery,
      response: { 200: upcomingResponse, 401: errorResponse, 403: errorResponse, 422: errorResponse },
      detail: eventsDocs.upcoming,
    });
}
