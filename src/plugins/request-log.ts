import { Elysia } from "elysia";
import { accessLogger, type Logger } from "../lib/logger";
import { syncHook } from "./sync-hook";

/**
 * One JSON log line per request: method, path, status, duration and request id. The path has no
 * query, and the private calendar feed's token is masked (`/calendar/***.ics`, see logPath).
 */
export function createRequestLog(logger: Logger) {
  const log = accessLogger(logger);
  // The id is set in a request hook (synchronous, see src/plugins/input-guard.ts), not a derive:
  // a request refused by a later request hook (a malformed address, a body over its limit) still
  // gets its id, in the answer and in its access line.
  return new Elysia({ name: "request-log" })
    .onRequest(
      syncHook((ctx) => {
        const requestId = ctx.request.headers.get("x-request-id")?.slice(0, 64) || crypto.randomUUID();
        ctx.set.headers["x-request-id"] = requestId;
        // Set property by property: Elysia reads a hook's source, and a context handed whole to a
        // function call makes it parse every request's cookies, query and headers in case the hook
        // reads them (src/plugins/request-hooks.test.ts).
        const context = ctx as unknown as { requestId?: string; startedAt?: number };
        context.requestId = requestId;
        context.startedAt = performance.now();
      }),
    )
    .onAfterResponse(
      { as: "global" },
      syncHook((ctx) => {
        const { request, set } = ctx;
        const { requestId, startedAt } = ctx as unknown as { requestId?: string; startedAt?: number };
        // Bun detaches request.url once the response is sent; Elysia keeps the parsed path.
        const path = ctx.path;
        if (path === "/healthz") return;
        // Handlers that return a Response (errors, images, SSR) carry their status on it.
        const response =
          (ctx as unknown as { responseValue?: unknown; response?: unknown }).responseValue ??
          (ctx as unknown as { response?: unknown }).response;
        const status =
          response instanceof Response ? response.status : typeof set.status === "number" ? set.status : 200;
        log({
          request_id: requestId ?? "",
          method: request.method,
          path,
          status,
          duration_ms: startedAt ? Math.round((performance.now() - startedAt) * 10) / 10 : undefined,
        });
      }),
    );
}
