import { z } from "zod";
import { errorBody, errorResponses } from "../lib/api-responses";

/**
 * Completes the generated OpenAPI document (/docs/json) with what route schemas cannot say:
 * - the cross-cutting answers: 400, 500 and 503 on every route; 304 on every API GET (ETag); derived from its shape, every route that takes a
 *   body can answer 413 (the input guard reads any body within its route's limit), every route
 *   with parameters or a body 422 (validation);
 * - non-JSON answers: Elysia documents a bare number as text/plain and cannot name image types,
 *   so a route puts the real content in `detail["x-response-content"]` ({ status: content }).
 */
type Operation = {
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
  "x-response-content"?: Record<string, Record<string, unknown>>;
};
type Document = { paths?: Record<string, Record<string, Operation>> };

const BODY_METHODS = new Set(["post", "put", "patch", "delete"]);

function errorResponse(status: 400 | 413 | 422 | 500 | 503) {
  const schema = errorResponses(status)[status];
  return {
    description: schema.description ?? "Error",
    content: { "application/json": { schema: z.toJSONSchema(errorBody) } },
  };
}

/**
 * The zod-to-OpenAPI conversion turns `z.enum([...]).nullable()` into `{ type: [..., "null"],
 * enum: [...] }`, whose enum then refuses the null it declares: add null to such enums.
 */
function allowNullInEnums(node: unknown): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) allowNullInEnums(item);
    return;
  }
  const schema = node as { type?: unknown; enum?: unknown[] };
  if (Array.isArray(schema.enum) && Array.isArray(schema.type) && schema.type.includes("null")) {
    if (!schema.enum.includes(null)) schema.enum.push(null);
  }
  for (const value of Object.values(node)) allowNullInEnums(value);
}

export function completeDocument(document: Document): Document {
  allowNullInEnums(document.paths);
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      operation.responses ??= {};
      // Any route: the input guard (400), an unexpected error (500), the database away (503).
      for (const status of [400, 500, 503] as const) operation.responses[status] ??= errorResponse(status);
      if (BODY_METHODS.has(method)) operation.responses["413"] ??= errorResponse(413);
      const validated = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
      if (validated) operation.responses["422"] ??= errorResponse(422);
      const content = operation["x-response-content"];
      if (content) {
        for (const [status, value] of Object.entries(content)) {
          operation.responses[status] = {
            description: operation.responses[status]?.description ?? "",
            content: value,
          };
        }
        delete operation["x-response-content"];
      }
      // A JSON answer to a GET carries an ETag (src/lib/conditional-get.ts): sent back, unchanged is a 304.
      const ok = operation.responses["200"];
      const answersJson = !ok?.content || Object.keys(ok.content).some((type) => type.includes("json"));
      if (method === "get" && path.startsWith("/api/") && ok && answersJson) {
        operation.responses["304"] ??= {
          description: "Not modified: the answer is unchanged since the ETag sent in If-None-Match; no body.",
        };
      }
    }
  }
  return document;
}
