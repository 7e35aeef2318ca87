import { timingSafeEqual } from "node:crypto";
import { Elysia } from "elysia";
import { z } from "zod";
import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import { NotFound, Unauthorized } from "../../lib/errors";
import { metricsContentType, renderMetrics } from "../../lib/metrics";
import { operationsDocs } from "./route-docs";

const mailStatusResponse = z.object({ configured: z.boolean() });

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * /metrics on the public port only with METRICS_TOKEN as a bearer token (otherwise it does not
 * exist here: Prometheus scrapes METRICS_PORT), and whether e-mail is configured, for the
 * screens that need mail.
 */
export function operationsRoutes({ deps }: { deps: Pick<AppDeps, "config" | "mailer"> }) {
  return new Elysia({ name: "operations-routes", detail: { tags: ["Operations"] } })
    .get(
      "/metrics",
      async ({ headers }) => {
        const token = deps.config.METRICS_TOKEN;
        if (!token) throw new NotFound(m.common.notFound);
        const given = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1] ?? "";
        if (!sameToken(given, token)) throw new Unauthorized(m.operations.metricsUnauthorized);
        return new Response(await renderMetrics(), { headers: { "content-type": metricsContentType } });
      },
      {
        response: { ...errorResponses(401, 404) },
        detail: { ...documentedContent.text, ...operationsDocs.metrics, security: [{ bearer: [] }] },
      },
    )
    .get("/api/mail-status", () => ({ configured: deps.mailer.mode !== "disabled" }), {
      response: { 200: mailStatusResponse },
      detail: operationsDocs.mailStatus,
    });
}
