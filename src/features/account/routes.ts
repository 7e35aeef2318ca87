import { Elysia } from "elysia";
import { idParam } from "../../../common/api/params";
import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { newPageCookie } from "../auth";
import { issueAdminResetCode } from "./reset-code";
import { accountDocs } from "./route-docs";
import {
  changePasswordBody,
  changePasswordResponse,
  deleteAccountBody,
  resetCodeResponse,
  signOutEverywhereResponse,
} from "./schema";
import { changePassword, deleteAccount, signOutEverywhere } from "./service";

export function accountRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  return new Elysia({ name: "account-routes", detail: { tags: ["Account"] } })
    .use(auth)
    .post(
      "/api/account/password",
      async ({ user, body, jwt, set }) => {
        const claims = await changePassword({
          deps,
          user,
          currentPassword: body.current_password,
          newPassword: body.new_password,
        });
        // The old page cookie's token is refused from now on: the new token replaces it.
        const token = await jwt.sign(claims);
        set.headers["set-cookie"] = newPageCookie({ deps, token });
        return {
          access_token: token,
          token_type: "bearer" as const,
          detail: m.safety.passwordChanged,
        };
      },
      {
        auth: true,
        body: changePasswordBody,
        response: { ...errorResponses(429), 200: changePasswordResponse },
        detail: accountDocs.changePassword,
      },
    )
    .post(
      "/api/account/sign-out-everywhere",
      async ({ user, jwt, set }) => {
        const claims = await signOutEverywhere({ deps, user });
        const token = await jwt.sign(claims);
        set.headers["set-cookie"] = newPageCookie({ deps, token });
        return {
          access_token: token,
          token_type: "bearer" as const,
          detail: m.safety.signedOutEverywhere,
        };
      },
      {
        auth: true,
        response: { 200: signOutEverywhereResponse },
        detail: accountDocs.signOutEverywhere,
      },
    )
    .post(
      "/api/account/delete",
      async ({ user, body, set }) => {
        await deleteAccount({ deps, user, password: body.password });
        set.status = 204;
      },
      {
        auth: true,
        body: deleteAccountBody,
        response: { ...errorResponses(409, 429) },
        detail: { ...documentedContent.noContent, ...accountDocs.deleteAccount },
      },
    )
    .post(
      "/api/admin/users/:id/reset-code",
      async ({ user, params }) => await issueAdminResetCode({ deps, admin: user, userId: params.id }),
      {
        role: ["admin"],
        params: idParam,
        response: { ...errorResponses(404), 200: resetCodeResponse },
        detail: { ...accountDocs.adminResetCode, security: [{ bearer: [] }] },
      },
    );
}
