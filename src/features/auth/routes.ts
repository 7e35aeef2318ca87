import { Elysia } from "elysia";
import { passwordCost } from "../../config";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import { bearerToken } from "../../lib/session-token";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { signUp } from "./account-creation";
import { createAddressRefusals } from "./address-refusals";
import { authDocs } from "./route-docs";
import { loginBody, signupBody, signupResponse, tokenResponse } from "./schema";
import { clearedPageCookie, logIn, logOut, newPageCookie } from "./service";

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
        const token = await jwt.sign(claims);
        // Beside the spec's token, the page cookie (src/lib/session-cookie.ts): the next page load
        // renders signed in at first paint.
        set.headers["set-cookie"] = [deviceCookie, newPageCookie({ deps, token })];
        return { access_token: token, token_type: "bearer" as const };
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
        set.headers["set-cookie"] = clearedPageCookie({ deps });
        set.status = 204;
      },
      {
        currentToken: true,
        response: errorResponses(401, 403),
        detail: { ...documentedContent.noContent, ...authDocs.logOut, security: [{ bearer: [] }] },
      },
    )
    .put(
      "/session/cookie",
      ({ request, set }) => {
        // The page cookie follows the stored token (client/lib/page-cookie.ts): set from the
        // bearer token, never from a cookie, so a cross-site request cannot plant one.
        const token = bearerToken(request.headers.get("authorization"));
        if (token) set.headers["set-cookie"] = newPageCookie({ deps, token });
        set.status = 204;
      },
      {
        auth: true,
        response: errorResponses(401, 403),
        detail: { ...documentedContent.noContent, ...authDocs.setPageCookie, security: [{ bearer: [] }] },
      },
    )
    .delete(
      "/session/cookie",
      ({ set }) => {
        set.headers["set-cookie"] = clearedPageCookie({ deps });
        set.status = 204;
      },
      { detail: { ...documentedContent.noContent, ...authDocs.clearPageCookie } },
    );
}
