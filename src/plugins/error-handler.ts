import { Elysia } from "elysia";
import { m } from "../../common/messages";
import { findUnavailableCode } from "../lib/database/unavailable";
import { DomainError, type FieldError } from "../lib/errors";
import { type Logger, logPath } from "../lib/logger";

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

type Issue = {
  path?: string | readonly (PropertyKey | { key: PropertyKey })[];
  message?: string;
  summary?: string;
};

/** Elysia validation errors (zod via Standard Schema, or TypeBox) as `{ loc, msg }` entries. */
function fieldErrors(where: string, issues: Issue[]): FieldError[] {
  return issues.map((issue) => {
    const raw = typeof issue.path === "string" ? issue.path.split("/") : (issue.path ?? []);
    const path = raw.map((p) =>
      typeof p === "object" && p !== null ? String(p.key) : typeof p === "number" ? p : String(p),
    );
    const cleaned = path.map((p) => (typeof p === "string" ? p.replace(/^\//, "") : p));
    return {
      loc: [where, ...cleaned.filter((p) => p !== "")],
      msg: issue.message ?? issue.summary ?? "Invalid value",
    };
  });
}

/**
 * The one place errors become HTTP responses: domain errors keep their status and detail,
 * validation errors become 422 with a `{ loc, msg }` list, anything unexpected is logged with
 * the request id and answered with a bare 500 (never a stack trace).
 */
export function createErrorHandler(logger: Logger) {
  return new Elysia({ name: "error-handler" }).onError({ as: "global" }, (ctx) => {
    const { code, request } = ctx;
    // The status is also put on the context: for an error thrown by a request hook (the input
    // guard's 400 and 413), Elysia hands the after-response hook no response, and the access
    // line read 200 for a refused request.
    const json = (status: number, body: unknown, headers?: Record<string, string>) => {
      ctx.set.status = status;
      return jsonResponse(status, body, headers);
    };
    const requestId = (ctx as { requestId?: string }).requestId;
    // Elysia wraps whatever a body parser throws in a ParseError: keep the parser's own answer
    // (413 over the size limit, 400 too deep, ...) rather than a generic "could not be read".
    const cause = (ctx.error as { cause?: unknown }).cause;
    const error = code === "PARSE" && cause instanceof DomainError ? cause : ctx.error;
    if (error instanceof DomainError) {
      return json(error.status, { detail: error.detail }, error.headers);
    }
    switch (code) {
      case "VALIDATION": {
        const validation = ctx.error;
        const where = validation.type === "body" ? "body" : validation.type;
        let issues: Issue[] = [];
        try {
          issues = validation.all as unknown as Issue[];
        } catch {
          issues = [{ message: "Invalid value" }];
        }
        return json(422, { detail: fieldErrors(where, issues) });
      }
      case "PARSE":
        return json(400, { detail: m.common.badBody });
      case "NOT_FOUND":
        return json(404, { detail: m.common.notFound });
      case "INVALID_COOKIE_SIGNATURE":
        return json(400, { detail: m.common.badBody });
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return json(status, { detail: (error as Error).message || "Bad request" });
    }
    const unavailable = findUnavailableCode(error);
    if (unavailable) {
      logger.warn({ request_id: requestId, code: unavailable }, "database unavailable");
      return json(503, { detail: m.common.unavailable, request_id: requestId }, { "Retry-After": "5" });
    }
    logger.error(
      {
        err: error,
        request_id: requestId,
        method: request.method,
        path: logPath(new URL(request.url).pathname),
      },
      "unhandled error",
    );
    return json(500, { detail: m.common.internalError, request_id: requestId });
  });
}
