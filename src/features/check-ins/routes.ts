import { Elysia } from "elysia";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { exportAttendanceCsv } from "./attendance-csv";
import { checkInsDocs } from "./route-docs";
import {
  checkInBody,
  checkInCode,
  checkInList,
  checkInParams,
  checkInResult,
  manualCheckInBody,
} from "./schema";
import { addCheckInByHand, checkIn, getCheckInCode, listCheckIns, reviewCheckIn } from "./service";

export function checkInRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "check-in-routes", detail: { tags: ["Events"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      "/api/posts/:id/check-in-code",
      async ({ params, user }) => await getCheckInCode({ db, user, postId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: checkInCode },
        detail: checkInsDocs.checkInCode,
      },
    )
    .post(
      "/api/posts/:id/check-ins",
      async ({ params, body, user, set }) => {
        const at = body.checked_in_at ? new Date(body.checked_in_at) : undefined;
        const done = await checkIn({ db, user, postId: params.id, code: body.code, at });
        set.status = done.created ? 201 : 200;
        return done.checkIn;
      },
      {
        rateLimit: "checkIns",
        auth: true,
        params: idParam,
        body: checkInBody,
        response: { ...errorResponses(404, 409, 422, 429), 200: checkInResult, 201: checkInResult },
        detail: checkInsDocs.checkIn,
      },
    )
    .post(
      "/api/posts/:id/check-ins/manual",
      async ({ params, body, user, set }) => {
        set.status = 201;
        return await addCheckInByHand({ db, user, postId: params.id, personId: body.user_id });
      },
      {
        auth: true,
        // Bounded by the club: each person once, 409 after.
        rateLimit: { none: "the event's owner, once per person" },
        params: idParam,
        body: manualCheckInBody,
        response: { ...errorResponses(404, 409, 422), 201: checkInResult },
        detail: checkInsDocs.checkInByHand,
      },
    )
    .post(
      "/api/posts/:id/check-ins/:userId/confirm",
      async ({ params, user }) =>
        await reviewCheckIn({ db, user, postId: params.id, personId: params.userId, verdict: "present" }),
      {
        auth: true,
        rateLimit: { none: "the event's owner, once per pending check-in" },
        params: checkInParams,
        response: { ...errorResponses(404, 409), 200: checkInResult },
        detail: checkInsDocs.confirmCheckIn,
      },
    )
    .post(
      "/api/posts/:id/check-ins/:userId/reject",
      async ({ params, user }) =>
        await reviewCheckIn({ db, user, postId: params.id, personId: params.userId, verdict: "rejected" }),
      {
        auth: true,
        rateLimit: { none: "the event's owner, once per pending check-in" },
        params: checkInParams,
        response: { ...errorResponses(404, 409), 200: checkInResult },
        detail: checkInsDocs.rejectCheckIn,
      },
    )
    .get(
      "/api/posts/:id/check-ins",
      async ({ params, user }) => await listCheckIns({ db, user, postId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: checkInList },
        detail: checkInsDocs.listCheckIns,
      },
    )
    .get(
      "/api/posts/:id/check-ins.csv",
      async ({ params, user }) => await exportAttendanceCsv({ db, user, postId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404) },
        detail: { ...documentedContent.csv, ...checkInsDocs.attendanceCsv },
      },
    );
}
