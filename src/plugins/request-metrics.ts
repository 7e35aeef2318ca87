import { Elysia } from "elysia";
import { recordRequest } from "../lib/metrics";

/**
 * Request count and latency for /metrics, labelled by the route pattern (`/api/clubs/:id`, never
 * the raw path, so the number of series stays small) and the status actually sent. Both hooks
 * are plain functions that Elysia judges synchronous (src/plugins/request-hooks.test.ts).
 * The start is kept on the request's context, not keyed by its Request: the body guard hands
 * the route a copy of a request with a body (src/plugins/input-guard.ts), and keyed by the
 * original, every request with a body went uncounted.
 */
export function createRequestMetrics() {
  return new Elysia({ name: "request-metrics" })
    .onRequest(function startRequestClock(ctx) {
      // Set as a property, never the whole context handed on: see src/plugins/request-hooks.test.ts.
      (ctx as unknown as { metricsStart?: number }).metricsStart = performance.now();
    })
    .onAfterResponse({ as: "global" }, function recordRequestMetrics(ctx) {
      const {
        metricsStart: start,
        responseValue,
        response,
      } = ctx as unknown as {
        metricsStart?: number;
        responseValue?: unknown;
        response?: unknown;
      };
      if (start !== undefined) {
        recordRequest({
          method: ctx.request.method,
          route: (ctx as unknown as { route?: string }).route || "unmatched",
          status: sentStatus(ctx.set.status, responseValue ?? response),
          seconds: (performance.now() - start) / 1000,
        });
      }
    });
}

/**
 * The status a request was answered with. Handlers that return a Response (errors, images, SSR)
 * carry it on the Response; the rest on `set`. Given the parts, never the whole context (see
 * createRequestLog).
 */
export function sentStatus(setStatus: unknown, sent: unknown): number {
  if (sent instanceof Response) return sent.status;
  return typeof setStatus === "number" ? setStatus : 200;
}
