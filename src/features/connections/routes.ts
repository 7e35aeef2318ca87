import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { exportMembersCsv } from "./members-csv";
import { connectionsDocs } from "./route-docs";
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

export function connectionRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "connection-routes", detail: { tags: ["Connections"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .post(
      "/api/connection-requests",
      async ({ query, body, user, set }) => {
        set.status = 201;
        return await sendRequest({
          db,
          jobs: deps.jobs,
          user,
          clubId: query.club_id,
          answers: body?.answers,
        });
      },
      {
        rateLimit: "connectionRequests",
        auth: true,
        query: sendRequestQuery,
        body: sendRequestBody,
        response: { ...errorResponses(404, 409, 422, 429), 201: connectionRequest },
        detail: connectionsDocs.sendRequest,
      },
    )
    .get(
      "/api/connection-requests/sent",
      async ({ query, user }) => await listSentRequests({ db, user, page: query }),
      {
        auth: true,
        query: pageQuery,
        response: { 200: z.array(connectionRequest) },
        detail: connectionsDocs.listSent,
      },
    )
    .get(
      "/api/connection-requests/received",
      async ({ query, user }) => await listReceivedRequests({ db, user, page: query, clubId: query.club_id }),
      {
        auth: true,
        query: receivedQuery,
        response: { 200: z.array(connectionRequest) },
        detail: connectionsDocs.listReceived,
      },
    )
    .post(
      "/api/connection-requests/:id/accept",
      async ({ params, user }) => await acceptRequest({ db, jobs: deps.jobs, user, id: params.id }),
      {
        auth: true,
        params: idParam,
        response: {
          ...errorResponses(404),
          200: okResponse.extend({ club_id: z.number(), user_id: z.number() }),
        },
        detail: connectionsDocs.accept,
      },
    )
    .delete(
      "/api/connection-requests/:id",
      async ({ params, user }) => await deleteConnectionRequest({ db, jobs: deps.jobs, user, id: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: okResponse.extend({ withdrawn: z.boolean() }) },
        detail: connectionsDocs.decline,
      },
    )
    .get("/api/my-connections", async ({ user }) => await getMyConnections({ db, user }), {
      auth: true,
      response: { 200: myConnections },
      detail: connectionsDocs.myConnections,
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
        response: { ...errorResponses(403, 404, 409), 200: okResponse },
        detail: connectionsDocs.removeConnection,
      },
    )
    .get(
      "/api/clubs/:id/members.csv",
      async ({ params, user }) => await exportMembersCsv({ db, user, clubId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404) },
        detail: { ...documentedContent.csv, tags: ["Clubs"], ...connectionsDocs.membersCsv },
      },
    )
    .delete(
      "/api/clubs/:id/membership",
      async ({ params, user }) => await leaveClub({ db, user, clubId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404, 409), 200: okResponse },
        detail: { tags: ["Clubs"], ...connectionsDocs.leaveClub },
      },
    );
}
