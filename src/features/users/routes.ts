import { Elysia } from "elysia";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import { carriesFile } from "../../platform/rate-limits/actions";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules, type LimitContext } from "../../plugins/route-rules";
import { newDeviceCookie, newPageCookie } from "../auth";
import { usersDocs } from "./route-docs";
import { profileFormBody, profileResponse, signupCompleteBody, signupCompleteResponse } from "./schema";
import { getProfile, updateProfile } from "./service";
import { completeSignup } from "./signup-service";

/** Admins look people up to moderate; reading oneself tells nothing new. */
function readsSomeoneElse({ user, params }: LimitContext): boolean {
  return user?.role !== "admin" && user?.id !== params.id;
}

export function userRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  return new Elysia({ name: "user-routes", detail: { tags: ["Users"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      "/api/users/me",
      async ({ user }) => await getProfile({ db: deps.db, userId: user.id, viewer: user }),
      {
        auth: true,
        response: { 200: profileResponse },
        detail: { ...usersDocs.myProfile, security: [{ bearer: [] }] },
      },
    )
    .get(
      "/api/users/:id",
      async ({ user, params }) => await getProfile({ db: deps.db, userId: params.id, viewer: user }),
      {
        rateLimit: { action: "profileReads", when: readsSomeoneElse },
        auth: true,
        params: idParam,
        response: { ...errorResponses(404, 429), 200: profileResponse },
        detail: { ...usersDocs.profile, security: [{ bearer: [] }] },
      },
    )
    .put(
      "/api/users/me/profile",
      async ({ user, body }) => await updateProfile({ deps, userId: user.id, role: user.role, form: body }),
      {
        rateLimit: { action: "uploads", when: carriesFile },
        bodyLimit: "image",
        auth: true,
        body: profileFormBody,
        response: { ...errorResponses(404, 409, 415, 429), 200: profileResponse },
        detail: { ...usersDocs.saveProfile, security: [{ bearer: [] }] },
      },
    )
    .post(
      "/signup/complete",
      async ({ body, jwt, set }) => {
        const { claims, profile } = await completeSignup({ deps, input: body });
        set.status = 201;
        // The browser that made the account is its first trusted device (see auth/device-cookie.ts).
        // With the page cookie, its pages render signed in from the next load (src/lib/session-cookie.ts).
        const token = await jwt.sign(claims);
        set.headers["set-cookie"] = [
          newDeviceCookie({ deps, username: claims.sub }),
          newPageCookie({ deps, token }),
        ];
        return { access_token: token, token_type: "bearer" as const, user: profile };
      },
      {
        rateLimit: { address: "signups" },
        bodyLimit: "image",
        body: signupCompleteBody,
        response: { ...errorResponses(409, 415, 429), 201: signupCompleteResponse },
        detail: { tags: ["Auth"], ...usersDocs.signupComplete },
      },
    );
}
