import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { exportMembersCsv } from "./members-csv";
import {
  connectionRequest,
  myConnections,
  okResponse,
  pageQuery,
  receivedQuery,
  removeConnectionQuery,
  sendRequestBody,
  sendRequestQuery,
} from "./schema";
import {
  acceptRequest,
  deleteConnectionRequest,
  getMyConnections,
  leaveClub,
  listReceivedRequests,
  listSentRequests,
  removeClubMember,
  sendRequest,
} from "./service";

const pagingNote = "Newest first; `?limit=` (default 20, max 100) and `?offset=`.";

export function connectionRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "connection-routes", detail: { tags: ["Connections"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .post(
      "/api/connection-requests",
      async ({ query, body, user, set }) => {
        set.status = 201;
        return await sendRequest({ db, user, clubId: query.club_id, answers: body?.answers });
      },
      {
        rateLimit: "connectionRequests",
        auth: true,
        query: sendRequestQuery,
        body: sendRequestBody,
        response: { ...errorResponses(404, 409, 422, 429), 201: connectionRequest },
        detail: {
          summary: "Ask to join a club (no body, or the answers to its join questions)",
          description:
            '`?club_id=`. No body for a club without join questions (as the spec says). A club with `join_questions` needs the JSON body `{"answers": [...]}`, one non-blank answer per question in order (at most 500 characters each); without a body it answers 422 with a `detail` that names the questions. Answers are shown only to the club\'s owner and admins (received list), and kept with the membership when accepted. Needs a completed profile (first name, last name, e-mail), else 403 "Please complete your profile before sending a connection request." 404 "Club not found"; 409 "You already sent a request to this club.", "You are already a member of this club.", for the owner "You own this club, so you are already connected to it.", and for a club with is_open=false "This club is not accepting new members right now." Limited per account (RATE_CONNECTION_REQUESTS_PER_ACCOUNT, default 20 an hour) and per client address (RATE_CONNECTION_REQUESTS_PER_ADDRESS, default 300 an hour): past either 429 with Retry-After.',
        },
      },
    )
    .get(
      "/api/connection-requests/sent",
      async ({ query, user }) => await listSentRequests({ db, user, page: query }),
      {
        auth: true,
        query: pageQuery,
        response: { 200: z.array(connectionRequest) },
        detail: { summary: "The caller's pending requests", description: pagingNote },
      },
    )
    .get(
      "/api/connection-requests/received",
      async ({ query, user }) => await listReceivedRequests({ db, user, page: query, clubId: query.club_id }),
      {
        auth: true,
        query: receivedQuery,
        response: { 200: z.array(connectionRequest) },
        detail: {
          summary: "Pending requests to the clubs the caller owns (all of them for an admin)",
          description: `A member who owns no club gets []. \`?club_id=\` keeps one club's requests (the club edit screen's Members tab). ${pagingNote}`,
        },
      },
    )
    .post(
      "/api/connection-requests/:id/accept",
      async ({ params, user }) => await acceptRequest({ db, push: deps, user, id: params.id }),
      {
        auth: true,
        params: idParam,
        response: {
          ...errorResponses(404),
          200: okResponse.extend({ club_id: z.number(), user_id: z.number() }),
        },
        detail: {
          summary: "Accept a request (the club's owner or an admin)",
          description:
            "The sender becomes a member (member_count + 1 in the same transaction), the request is removed and the sender gets a request_accepted notice. 404 when the request is gone (also when answered concurrently).",
        },
      },
    )
    .delete(
      "/api/connection-requests/:id",
      async ({ params, user }) => await deleteConnectionRequest({ db, push: deps, user, id: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: okResponse.extend({ withdrawn: z.boolean() }) },
        detail: {
          summary: "Decline (the club's owner or an admin) or withdraw (the sender) a request",
          description:
            "A decline leaves the sender a request_declined notice; `withdrawn` tells which it was.",
        },
      },
    )
    .get("/api/my-connections", async ({ user }) => await getMyConnections({ db, user }), {
      auth: true,
      response: { 200: myConnections },
      detail: {
        summary: "The caller's clubs and, for an owner or admin, the members of the clubs they own",
        description:
          "`clubs`: club list items the caller is a member of or owns (is_owner), with the latest club-chat message. `members`: one entry per (member, owned club) with the latest direct message between the two. At most 500 of each.",
      },
    })
    .delete(
      "/api/connections/:id",
      async ({ params, query, user }) =>
        query.user_id === undefined
          ? await leaveClub({ db, user, clubId: params.id })
          : await removeClubMember({ db, user, clubId: params.id, memberId: query.user_id }),
      {
        auth: true,
        params: idParam,
        query: removeConnectionQuery,
        response: { ...errorResponses(404), 200: okResponse },
        detail: {
          summary: "End a connection: leave club {id}, or (?user_id=) remove a member from it",
          description:
            '`{id}` is the club id. Without `user_id` the caller leaves the club (404 "You are not a member of this club."). With `user_id` the club\'s owner or an admin removes that member (403 for others, 404 "This user is not a member of this club.").',
        },
      },
    )
    .get(
      "/api/clubs/:id/members.csv",
      async ({ params, user }) => await exportMembersCsv({ db, user, clubId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404) },
        detail: {
          ...documentedContent.csv,
          tags: ["Clubs"],
          summary: "A club's members as a CSV file (its owner or an admin)",
          description:
            "UTF-8 with a byte-order mark; columns Name, Username, E-mail (admins only), Joined at (ISO 8601, UTC), one column per current join question with each member's answer, and Other answers (answers to questions changed since, as \"question: answer\" lines); headers in the reader's language. 403 for others; 404 unknown club.",
        },
      },
    )
    .delete(
      "/api/clubs/:id/membership",
      async ({ params, user }) => await leaveClub({ db, user, clubId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: okResponse },
        detail: {
          tags: ["Clubs"],
          summary: "Leave a club (the Leave button on /my-clubs)",
          description:
            'Removes the caller\'s membership; member_count - 1 in the same transaction. 404 "Club not found" or "You are not a member of this club."',
        },
      },
    );
}
