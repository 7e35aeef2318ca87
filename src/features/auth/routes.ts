import { Elysia } from "elysia";
import { passwordCost } from "../../config";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { signUp } from "./account-creation";
import { createAddressRefusals } from "./address-refusals";
import { authDocs } from "./route-docs";
import { loginBody, signupBody, signupResponse, tokenResponse } from "./schema";
import { logIn, logOut } from "./service";

export function authRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const refusals = createAddressRefusals();
  return new Elysia({ name: "auth-routes", detail: { tags: ["Auth"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .post(
      "/signup",
      async ({ body, set }) => {
        set.status = 201;
        return await signUp({ db: deps.db, input: body, cost: passwordCost(deps.config) });
      },
      {
        rateLimit: { address: "signups" },
        body: signupBody,
        response: { ...errorResponses(409, 429), 201: signupResponse },
        detail: authDocs.signUp,
      },
    )
    .post(
      "/login",
      async ({ body, jwt, clientAddress, request, set }) => {
        const { claims, deviceCookie } = await logIn({
          deps,
          username: body.username,
          password: body.password,
          address: clientAddress,
          cookieHeader: request.headers.get("cookie"),
          refusals,
        });
        set.headers["set-cookie"] = deviceCookie;
        return { access_token: await jwt.sign(claims), token_type: "bearer" as const };
      },
      {
        rateLimit: { service: "logIns" },
        body: loginBody,
        response: { ...errorResponses(401, 403, 429), 200: tokenResponse },
        detail: authDocs.logIn,
      },
    )
    .post(
      "/logout",
      async ({ user, currentToken, set }) => {
        await logOut({ db: deps.db, userId: user.id, token: currentToken });
        set.status = 204;
      },
      {
        currentToken: true,
        response: errorResponses(401, 403),
        detail: { ...documentedContent.noContent, ...authDocs.logOut, security: [{ bearer: [] }] },
      },
    );
}
