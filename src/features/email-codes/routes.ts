import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { confirmPasswordReset, requestPasswordReset } from "./reset-service";
import { emailCodesDocs } from "./route-docs";
import {
  detailResponse,
  resetConfirmBody,
  resetRequestBody,
  verifyConfirmBody,
  verifyConfirmResponse,
  verifyStartResponse,
} from "./schema";
import { confirmEmailVerification, startEmailVerification } from "./service";

export function emailCodeRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  return new Elysia({ name: "email-code-routes", detail: { tags: ["Auth"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .post(
      "/auth/verify-email/start",
      async ({ user }) => await startEmailVerification({ deps, userId: user.id }),
      {
        auth: true,
        response: { ...errorResponses(404, 422, 429), 200: verifyStartResponse },
        detail: { ...emailCodesDocs.startVerification, security: [{ bearer: [] }] },
      },
    )
    .post(
      "/auth/verify-email/confirm",
      async ({ user, body }) => await confirmEmailVerification({ deps, userId: user.id, code: body.code }),
      {
        auth: true,
        body: verifyConfirmBody,
        response: { 200: verifyConfirmResponse },
        detail: { ...emailCodesDocs.confirmVerification, security: [{ bearer: [] }] },
      },
    )
    .post(
      "/auth/password-reset/request",
      ({ body }) => requestPasswordReset({ deps, identifier: body.username_or_email }),
      {
        body: resetRequestBody,
        response: { 200: detailResponse },
        detail: emailCodesDocs.requestReset,
      },
    )
    .post(
      "/auth/password-reset/confirm",
      async ({ body, clientAddress }) =>
        await confirmPasswordReset({
          deps,
          identifier: body.username_or_email,
          code: body.code,
          newPassword: body.new_password,
          address: clientAddress,
        }),
      {
        clientAddress: true,
        rateLimit: { service: "passwordResetGuesses" },
        body: resetConfirmBody,
        response: { ...errorResponses(429), 200: detailResponse },
        detail: emailCodesDocs.confirmReset,
      },
    );
}
