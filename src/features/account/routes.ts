import { Elysia } from "elysia";
import { idParam } from "../../../common/api/params";
import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { issueAdminResetCode } from "./reset-code";
import { changePasswordBody, changePasswordResponse, deleteAccountBody, resetCodeResponse } from "./schema";
import { changePassword, deleteAccount } from "./service";

const passwordTries =
  "A wrong password is 422 on that field and counts like a failed log-in for this account (RATE_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS, default 10 in 15 minutes): past it 429 with Retry-After, without checking.";

export function accountRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  return new Elysia({ name: "account-routes", detail: { tags: ["Account"] } })
    .use(auth)
    .post(
      "/api/account/password",
      async ({ user, body, jwt }) => {
        const claims = await changePassword({
          deps,
          user,
          currentPassword: body.current_password,
          newPassword: body.new_password,
        });
        return {
          access_token: await jwt.sign(claims),
          token_type: "bearer" as const,
          detail: m.safety.passwordChanged,
        };
      },
      {
        auth: true,
        body: changePasswordBody,
        response: { ...errorResponses(429), 200: changePasswordResponse },
        detail: {
          summary: "Change my password (current password required)",
          description: `JSON {current_password, new_password} (8 to 128 characters, different from the current one: 422 otherwise). Every token issued before stops working at once (other devices are signed out); the answer carries a fresh token for this device. ${passwordTries}`,
        },
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
        detail: {
          ...documentedContent.noContent,
          summary: "Delete my account (password required)",
          description: `JSON {password}. Deletes the profile and everything personal (chat messages, likes, favorites, club memberships, requests, event answers, blocks, codes); like, favorite, member and event counts go down with the rows; comments stay, signed "Deleted user"; clubs the person owns pass to an admin (the longest-standing one). 409 when no other admin exists to take the clubs, or when the caller is the only admin. Tokens stop working at once. 204. ${passwordTries}`,
        },
      },
    )
    .post(
      "/api/admin/users/:id/reset-code",
      async ({ user, params }) => await issueAdminResetCode({ deps, admin: user, userId: params.id }),
      {
        role: ["admin"],
        params: idParam,
        response: { ...errorResponses(404), 200: resetCodeResponse },
        detail: {
          summary: "Give a student a one-time password reset code (admin)",
          description:
            "For a student with no working e-mail: a 6-digit code valid 24 hours, used once on POST /auth/password-reset/confirm (with or without the username) like a mailed code; any earlier reset code stops working. The code is in this answer only (show it once): it is stored as a keyed hash and never logged. Audited as user.reset_code (without the code). Admins only: 401 without a token, 403 for others. Unknown user 404.",
          security: [{ bearer: [] }],
        },
      },
    );
}
