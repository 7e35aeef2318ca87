import { Elysia } from "elysia";
import { accessLogger, type Logger } from "../lib/logger";
import { sentStatus } from "./request-metrics";

/**
 * One JSON log line per request: method, path, status, duration and request id. The path has no
 * query, and the private calendar feed's token is masked (`/calendar/***.ics`, see logPath).
 * Both hooks are plain functions that Elysia judges synchronous (src/plugins/request-hooks.test.ts).
 */
export function createRequestLog(logger: Logger) {
  const log = accessLogger(logger);
  // The id is set in a request hook, not a derive: a request refused by a later request hook (a
  // malformed address) or by the body guard still gets its id, in the answer and in its line.
  return new Elysia({ name: "request-log" })
    .onRequest(function startRequestLog(ctx) {
      const requestId = ctx.request.headers.get("x-request-id")?.slice(0, 64) || crypto.randomUUID();
      ctx.set.headers["x-request-id"] = requestId;
      // Set property by property: Elysia reads a hook's source, and a context handed whole to a
      // function call makes it parse every request's cookies, query and headers in case the hook
      // reads them (src/plugins/request-hooks.test.ts).
      const context = ctx as unknown as { requestId?: string; startedAt?: number };
      context.requestId = requestId;
      context.startedAt = performance.now();
    })
    .onAfterResponse({ as: "global" }, function writeAccessLine(ctx) {
      const { requestId, startedAt, responseValue, response } = ctx as unknown as {
        requestId?: string;
        startedAt?: number;
        responseValue?: unknown;
        response?: unknown;
      };
      // Bun detaches request.url once the response is sent; Elysia keeps the parsed path.
      const path = ctx.path;
      if (path !== "/healthz") {
        log({
          request_id: requestId ?? "",
          method: ctx.request.method,
          path,
          status: sentStatus(ctx.set.status, responseValue ?? response),
          duration_ms: startedAt ? Math.round((performance.now() - startedAt) * 10) / 10 : undefined,
        });
      }
    });
}
