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
        detail: {
          summary: "Answer an event: going or not_going",
          description:
            'Body `{ "status": "going" | "not_going" }`. Going takes a place while the event has one (capacity null: no limit), otherwise the caller joins the waitlist (status waitlisted, with waitlist_position). not_going frees the caller\'s place, and the first on the waitlist is promoted at once (a notice and an e-mail in their language). Answers are served in arrival order and counts are exact under concurrency. Answering again the same is a no-op. 401 signed out; 403 muted or banned; 404 not an event; 409 the event has already taken place; 422 a bad body.',
        },
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
        detail: {
          summary: "Who is going, and the waitlist (the club's owner and admins)",
          description:
            "Both lists in arrival order, with the counts and capacity. No e-mail addresses. 403 for anyone but the club's owner or an admin; 404 when the post is not an event.",
        },
      },
    )
    .get(
      "/api/posts/:id/event.ics",
      async ({ params, set }) =>
        ics(await eventCalendar({ db, config, postId: params.id }), set, `event-${params.id}.ics`),
      {
        params: idParam,
        detail: {
          summary: "Add to calendar: one event as an iCalendar file (guests too)",
          description:
            "RFC 5545, times in America/Managua with its VTIMEZONE; the event is shown two hours long. 404 when the post is not an event.",
          responses: icsResponses("The event as text/calendar"),
        },
      },
    )
    .get(
      "/clubs/:id/calendar.ics",
      async ({ params, set }) =>
        ics(await clubCalendar({ db, config, clubId: params.id }), set, `club-${params.id}.ics`),
      {
        params: idParam,
        detail: {
          summary: "A club's public calendar feed (RFC 5545)",
          description:
            "Every event of the club from 90 days ago on (at most 500), times in America/Managua with its VTIMEZONE. Subscribe to it in any calendar app. Unknown club: 404.",
          responses: icsResponses("The club's events as text/calendar"),
        },
      },
    )
    .get(
      "/calendar/:file",
      async ({ params, set }) =>
        ics(await personalCalendar({ db, config, file: params.file }), set, "clubnica.ics"),
      {
        params: feedFileParam,
        detail: {
          summary: "A user's private calendar feed: /calendar/{token}.ics",
          description:
            "Every event the token's owner is going to, from 90 days ago on. The token is the secret (get it from GET /api/users/me/calendar-feed); a replaced token answers 404.",
          responses: icsResponses("The user's events as text/calendar"),
        },
      },
    )
    .get("/api/users/me/calendar-feed", async ({ user }) => await getFeedUrl({ db, config, user }), {
      auth: true,
      response: { 200: calendarFeedResponse, 401: errorResponse, 403: errorResponse },
      detail: {
        summary: "The caller's private calendar feed address",
        description: "Made on first use and kept until regenerated. Keep it private: it needs no sign-in.",
      },
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
        detail: {
          summary: "A new private calendar feed address (the old one stops working)",
          description:
            "The previous address answers 404 from now on. Limited per account (RATE_CALENDAR_FEEDS_PER_ACCOUNT, default 5 an hour) and per client address (RATE_CALENDAR_FEEDS_PER_ADDRESS, default 100 an hour): past either 429 with Retry-After.",
        },
      },
    )
    .get("/api/events/upcoming", async ({ user, query }) => await listUpcoming({ db, user, query }), {
      optionalAuth: true,
      query: upcomingQuery,
      response: { 200: upcomingResponse, 401: errorResponse, 403: errorResponse, 422: errorResponse },
      detail: {
        summary: "Upcoming events of every club (the /events page; guests too)",
        description:
          "Events from now on, soonest first (cancelled, held and past events are never listed). Filters: `region` (a club region), `tag` (a club tag, case and accents ignored), `club` (one club's id), `when=today|weekend|month` (Managua days: until midnight; Saturday and Sunday, this weekend or the next; until the first of next month). Keyset-paged: `limit` 1-50 (default 10) and `cursor`, the `next_cursor` of the previous page (null on the last page). A signed-in caller's first page adds `for_you`: up to 3 of the same events matching their saved interests (tags or region, PUT /api/users/me/interests), so the main list and its pages stay the same for everyone; `my_rsvp` is the caller's answer. `scope=mine` (sign-in needed, else 401) keeps only clubs the caller belongs to or owns (the /home strip).",
      },
    });
}
