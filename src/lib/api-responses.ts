import { z } from "zod";

/**
 * What every error answer looks like, for the OpenAPI document: `{ detail }` with a message, or
 * for validation (422) a list of `{ loc, msg }`; a 500 and a 503 also carry the request id.
 * Routes spread `errorResponses(404, 409, …)` into their `response` map; 401/403 come with the
 * auth macros; 400, 413, 422, 500 and 503 are added to the document by
 * src/plugins/openapi-document.ts from each operation's shape.
 */
const fieldError = z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string() });

export const errorBody = z.object({
  detail: z.union([z.string(), z.array(fieldError)]),
  request_id: z.string().optional(),
});

const DESCRIPTIONS: Record<number, string> = {
  400: "Bad request: a malformed body, or a NUL or non-UTF-8 character in the address or body",
  401: "Not signed in, or the token is invalid or expired",
  403: "Not allowed (role, ownership, banned or muted)",
  404: "Not found",
  409: "Conflict with the current state",
  410: "Gone: it existed but has expired",
  413: "The body is over this route's size limit",
  415: "Unsupported media type (images: PNG or JPEG by their bytes)",
  422: "Validation failed: `detail` lists `{ loc, msg }` per field, or is one message",
  429: "Too many requests; see Retry-After",
  500: "Unexpected error (logged with its request id)",
  503: "The database is briefly unavailable; see Retry-After",
};

export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(
    statuses.map((status) => [status, errorBody.describe(DESCRIPTIONS[status] ?? "Error")]),
  ) as { [K in S[number]]: typeof errorBody };
}

/**
 * Answers that are not a JSON document, for `detail`: src/plugins/openapi-document.ts moves them
 * into the operation's responses (Elysia documents a bare number as text/plain, and cannot name
 * an empty 204 or an image type).
 */
const binary = { schema: { type: "string", format: "binary" } };
export const documentedContent = {
  noContent: { "x-response-content": { 204: {} } },
  jsonCount: {
    "x-response-content": { 200: { "application/json": { schema: { type: "integer", minimum: 0 } } } },
  },
  html: { "x-response-content": { 200: { "text/html": { schema: { type: "string" } } } } },
  text: { "x-response-content": { 200: { "text/plain": { schema: { type: "string" } } } } },
  csv: { "x-response-content": { 200: { "text/csv": { schema: { type: "string" } } } } },
  image: {
    "x-response-content": {
      200: { "image/png": binary, "image/jpeg": binary, "image/webp": binary },
      304: {},
    },
  },
};

/** 304 has no body; described for /docs (z.undefined() has no JSON Schema). */
export const notModifiedResponse = z
  .any()
  .describe("Not modified: the page is unchanged since the ETag you sent; no body.");
