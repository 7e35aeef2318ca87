import { Elysia } from "elysia";
import { recordRequest } from "../lib/metrics";

const started = new WeakMap<Request, number>();

/**
 * Request count and latency for /metrics, labelled by the route pattern (`/api/clubs/:id`, never
 * the raw path, so the number of series stays small) and the status actually sent. Both hooks
 * are plain functions that Elysia judges synchronous (src/plugins/request-hooks.test.ts).
 */
export function createRequestMetrics() {
  return new Elysia({ name: "request-metrics" })
    .onRequest(function startRequestClock({ request }) {
      started.set(request, performance.now());
    })
    .onAfterResponse({ as: "global" }, function recordRequestMetrics(ctx) {
      const start = started.get(ctx.request);
      const { responseValue, response } = ctx as unknown as { responseValue?: unknown; response?: unknown };
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
