import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import { watchChanges } from "../../lib/database/change-feed";
import { carriesFile, uploadsNote } from "../../platform/rate-limits/actions";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { clubDetail, clubListItem, createClubBody, listClubsQuery, tagCount, updateClubBody } from "./schema";
import {
  createClub,
  createTopClubsCache,
  deleteClub,
  getClub,
  listClubs,
  listTags,
  TOP_CLUBS_LIMIT,
  updateClub,
} from "./service";

const formDescription =
  "Multipart (or JSON) with the spec's fields: name and description (required on create), profile_description, tags (comma-separated; trimmed, duplicates dropped), is_open, social_links (JSON string: facebook, instagram, google_forms, whatsapp), region (Managua, León, Masaya, Granada), meeting_location, president, vice, secretary, member_criteria, contact_hours, response_time, cover_position_x and cover_position_y (0-100, default 50), join_questions (JSON list of up to three questions, at most 200 characters each; blank ones dropped; the Connect button asks them), image (cover) and profile_picture (PNG/JPEG, at most 5 MB). Links without a scheme get https://; a WhatsApp number keeps digits and +, a leading 00 becomes +, and is stored as https://wa.me/<digits>. Invalid fields give 422 with `[{loc, msg}]`.";

const createsNote =
  "Limited per account (RATE_CLUB_CREATES_PER_ACCOUNT, default 10 an hour) and per client address (RATE_CLUB_CREATES_PER_ADDRESS, default 100 an hour): past either 429 with Retry-After.";
const editsNote =
  "Limited per account (RATE_CLUB_EDITS_PER_ACCOUNT, default 60 an hour) and per client address (RATE_CLUB_EDITS_PER_ADDRESS, default 600 an hour): past either 429 with Retry-After.";

export function clubRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const topClubs = createTopClubsCache({ db: deps.db, logger: deps.logger });
  watchChanges({ sql: deps.sql, topic: "top-clubs", onChange: topClubs.clear, logger: deps.logger });
  return new Elysia({ name: "club-routes", detail: { tags: ["Clubs"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      "/api/clubs",
      async ({ query, set }) => {
        const page = await listClubs({ db: deps.db, query });
        set.headers["x-total-count"] = String(page.total);
        return page.items;
      },
      {
        optionalAuth: true,
        query: listClubsQuery,
        response: { 200: z.array(clubListItem) },
        detail: {
          summary: "List clubs (guests too), with search, tag and region filters",
          description:
            "`?q=` searches name, both descriptions and tags ignoring case and accents and tolerating a typo (trigram word similarity ≥ 0.5); results are ranked by name match, then text match, then member_count. Without `q` the order is member_count desc, id. `?tag=` matches one tag exactly (case- and accent-insensitive), `?region=` one region. Paging: `?limit=` (default 20, max 100) and `?offset=`; the header X-Total-Count carries the number of matches.",
        },
      },
    )
    .get("/api/clubs/tags", async () => await listTags({ db: deps.db }), {
      response: { 200: z.array(tagCount) },
      detail: {
        summary: "Distinct tags with the number of clubs carrying each",
        description:
          "For the tag filter. Tags that differ only in case or accents are counted together; at most 200, most used first.",
      },
    })
    .get(
      "/api/clubs/:id",
      async ({ params, user }) => await getClub({ db: deps.db, id: params.id, viewer: user }),
      {
        optionalAuth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: clubDetail },
        detail: {
          summary: "One club with every field, its members and (signed in) the viewer's state",
          description:
            'Guests get the club, its member_count and its members by id only (display_name is the neutral "Member", username and picture_url null; at most 500): no names of members, many of whom are minors. Signed-in viewers get each member\'s name, username and picture_url. With a token the response adds is_member, request_pending (the pending request\'s id or null) and can_edit. Unknown id: 404 "Club not found".',
        },
      },
    )
    .post(
      "/api/clubs",
      async ({ body, user, set }) => {
        set.status = 201;
        return await createClub({ db: deps.db, user, input: body });
      },
      {
        rateLimit: ["clubCreates", { action: "uploads", when: carriesFile }],
        bodyLimit: "club",
        auth: true,
        body: createClubBody,
        response: { ...errorResponses(415, 429), 201: clubDetail },
        detail: {
          summary: "Create a club (owner or admin)",
          description: `${formDescription} Others get 403 "You must be a club owner or admin to create a club." The creator becomes owner_id. ${createsNote} ${uploadsNote}`,
        },
      },
    )
    .put(
      "/api/clubs/:id",
      async ({ params, body, user }) => {
        return await updateClub({ db: deps.db, user, id: params.id, input: body });
      },
      {
        rateLimit: ["clubEdits", { action: "uploads", when: carriesFile }],
        bodyLimit: "club",
        auth: true,
        params: idParam,
        body: updateClubBody,
        response: { ...errorResponses(404, 415, 429), 200: clubDetail },
        detail: {
          summary: "Edit a club (its owner or an admin)",
          description: `${formDescription} Fields left out keep their value; an empty text clears it. A new image replaces the old one. ${editsNote} ${uploadsNote}`,
        },
      },
    )
    .delete(
      "/api/clubs/:id",
      async ({ params, user }) => {
        await deleteClub({ db: deps.db, user, id: params.id });
        topClubs.clear();
        return { ok: true as const };
      },
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: z.object({ ok: z.literal(true) }) },
        detail: {
          summary: "Delete a club (admin only)",
          description:
            "Removes the club with its posts, comments, requests, memberships and chat messages, and its images when nothing else uses them. Written to the audit log as club.delete.",
        },
      },
    )
    .get("/public/top-clubs", () => topClubs.get(), {
      response: { 200: z.array(clubListItem) },
      detail: {
        tags: ["Public"],
        summary: `Top clubs for the landing marquee (at most ${TOP_CLUBS_LIMIT}, no auth)`,
        description:
          "Score = member_count + 3 × posts in the last 30 days; ties by member_count then id. Cached for 10 s per process and dropped on every replica as soon as a club or post changes (PostgreSQL LISTEN/NOTIFY); on a database failure the last list (or []) is served, never an error.",
      },
    });
}
