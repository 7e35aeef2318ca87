import { Elysia } from "elysia";
import { z } from "zod";
import {
  clubUserParams,
  officerBody,
  officerJson,
  transferBody,
  transferJson,
} from "../../../common/api/club-officers";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import {
  acceptTransfer,
  cancelTransfer,
  declineTransfer,
  getOpenTransfer,
  offerTransfer,
} from "./handover-service";
import { officerDocs } from "./officer-route-docs";
import { listOfficers, removeOfficer, setOfficer } from "./officers-service";

const ok = z.object({ ok: z.literal(true) });

/** The Directiva (officers) and the handover of a club to a new owner. */
export function officerRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db, jobs } = deps;
  return new Elysia({ name: "officer-routes", detail: { tags: ["Clubs"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      "/api/clubs/:id/officers",
      async ({ params, user }) => await listOfficers({ db, user, clubId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(403, 404), 200: z.array(officerJson) },
        detail: officerDocs.listOfficers,
      },
    )
    .put(
      "/api/clubs/:id/officers/:userId",
      async ({ params, body, user }) =>
        await setOfficer({ db, user, clubId: params.id, userId: params.userId, input: body }),
      {
        rateLimit: "officerChanges",
        auth: true,
        params: clubUserParams,
        body: officerBody,
        response: { ...errorResponses(403, 404, 409, 422, 429), 200: officerJson },
        detail: officerDocs.setOfficer,
      },
    )
    .delete(
      "/api/clubs/:id/officers/:userId",
      async ({ params, user }) => await removeOfficer({ db, user, clubId: params.id, userId: params.userId }),
      {
        rateLimit: "officerChanges",
        auth: true,
        params: clubUserParams,
        response: { ...errorResponses(403, 404, 429), 200: ok },
        detail: officerDocs.removeOfficer,
      },
    )
    .get(
      "/api/clubs/:id/transfer",
      async ({ params, user }) => await getOpenTransfer({ db, user, clubId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: transferJson },
        detail: officerDocs.getTransfer,
      },
    )
    .post(
      "/api/clubs/:id/transfer",
      async ({ params, body, user, set }) => {
        set.status = 201;
        return await offerTransfer({ db, jobs, user, clubId: params.id, input: body });
      },
      {
        // Every step of a handover is counted together (offers used to count as club edits).
        rateLimit: "handovers",
        auth: true,
        params: idParam,
        body: transferBody,
        response: { ...errorResponses(403, 404, 409, 422, 429), 201: transferJson },
        detail: officerDocs.offerTransfer,
      },
    )
    .delete(
      "/api/clubs/:id/transfer",
      async ({ params, user }) => await cancelTransfer({ db, jobs, user, clubId: params.id }),
      {
        rateLimit: "handovers",
        auth: true,
        params: idParam,
        response: { ...errorResponses(403, 404, 429), 200: transferJson },
        detail: officerDocs.cancelTransfer,
      },
    )
    .post(
      "/api/clubs/:id/transfer/accept",
      async ({ params, user }) => await acceptTransfer({ db, jobs, user, clubId: params.id }),
      {
        rateLimit: "handovers",
        auth: true,
        params: idParam,
        response: { ...errorResponses(404, 409, 429), 200: transferJson },
        detail: officerDocs.acceptTransfer,
      },
    )
    .post(
      "/api/clubs/:id/transfer/decline",
      async ({ params, user }) => await declineTransfer({ db, jobs, user, clubId: params.id }),
      {
        rateLimit: "handovers",
        auth: true,
        params: idParam,
        response: { ...errorResponses(404, 409, 429), 200: transferJson },
        detail: officerDocs.declineTransfer,
      },
    );
}
