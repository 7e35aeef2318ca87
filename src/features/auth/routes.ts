import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { loginBody, signupBody, signupResponse, tokenResponse } from "./schema";
import { logIn, signUp } from "./service";

export function authRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  return new Elysia({ name: "auth-routes", detail: { tags: ["Auth"] } })
    .use(auth)
    .post(
      "/signup",
      async ({ body, set }) => {
        set.status = 201;
        return await signUp({ db: deps.db, input: body });
      },
      {
        body: signupBody,
        response: { ...errorResponses(409), 201: signupResponse },
        detail: {
          summary: "Create an account (member, or owner pending admin approval)",
          description:
            "Role admin cannot be chosen. An owner signup records a pending owner request; the account is a member until an admin approves it.",
        },
      },
    )
    .post(
      "/login",
      async ({ body, jwt }) => {
        const claims = await logIn({ db: deps.db, username: body.username, password: body.password });
        return { access_token: await jwt.sign(claims), token_type: "bearer" as const };
      },
      {
        body: loginBody,
        response: { ...errorResponses(401, 403, 429), 200: tokenResponse },
        detail: {
          summary: "Log in (form-encoded username and password)",
          description:
            "Failed logins are throttled per username: 10 failures in 15 minutes gives 429 with Retry-After.",
        },
      },
    );
}
