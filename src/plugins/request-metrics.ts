import { Elysia } from "elysia";
import { recordRequest } from "../lib/metrics";
import { syncHook } from "./sync-hook";

const started = new WeakMap<Request, number>();

/**
 * Request count and latency for /metrics, labelled by the route pattern (`/api/clubs/:id`, never
 * the raw path, so the number of series stays small) and the status actually sent.
 */
export function createRequestMetrics() {
  return new Elysia({ name: "request-metrics" })
    .onRequest(
      syncHook(({ request }) => {
        started.set(request, performance.now());
      }),
    )
    .onAfterResponse(
      { as: "global" },
      syncHook((ctx) => {
        const start = started.get(ctx.request);
        if (start === undefined) return;
        // Handlers that return a Response (errors, images, SSR) carry their status on it.
        const response =
          (ctx as unknown as { responseValue?: unknown }).responseValue ??
          (ctx as unknown as { response?: unknown }).response;
        const status =
          response instanceof Response
            ? response.status
            : typeof ctx.set.status === "number"
              ? ctx.set.status
              : 200;
        recordRequest({
          method: ctx.request.method,
          route: (ctx as unknown as { route?: string }).route || "unmatched",
          status,
          seconds: (performance.now() - start) / 1000,
        });
      }),
    );
}
