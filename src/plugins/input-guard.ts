import { Elysia } from "elysia";
import { format, m } from "../../common/messages";
import { createJsonShapeScanner } from "../lib/body/json-shape";
import { BadRequest, PayloadTooLarge } from "../lib/errors";
import { carrySocketPeer } from "../lib/request-address";
import {
  allowanceOf,
  allowBody,
  type BodyAllowance,
  type BodyKind,
  bodyKind,
  defaultAllowance,
  MAX_JSON_DEPTH,
} from "./body-limits";

/**
 * Refuses hostile or malformed input before any expensive work, on every route:
 * - the address: an encoded NUL (PostgreSQL cannot store it: it answered 500) or percent-
 *   encoding that is not UTF-8 → 400;
 * - the body: over the route's limit → 413 without reading the rest; JSON nested deeper than
 *   MAX_JSON_DEPTH or holding a NUL → 400 after a byte scan that stops at the first offending
 *   byte; bytes that are not UTF-8 → 400;
 * - any string left after parsing (form and multipart fields) that holds a NUL → 400.
 */
function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 102.4) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

function checkAddress(url: string): void {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const address = start === -1 ? "" : url.slice(start);
  if (!address.includes("%")) return;
  const where = m.input.where.query;
  if (/%00/i.test(address)) throw new BadRequest(format(m.input.invalidCharacters, { where }));
  // A bare % (not followed by two hex digits) is left to the router, as before; only encoded
  // bytes that are not UTF-8 are refused, since they cannot become a string.
  const encoded = address.match(/(%[0-9a-f]{2})+/gi) ?? [];
  for (const run of encoded) {
    try {
      decodeURIComponent(run);
    } catch {
      throw new BadRequest(format(m.input.badEncoding, { where }));
    }
  }
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > MAX_JSON_DEPTH || value === null || typeof value !== "object" || value instanceof Blob)
    return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes("\u0000") || hasNul(item, depth + 1));
}

/** Whether the request carries a body to read and check. */
function hasBody(request: Request): boolean {
  return !!request.body && request.method !== "GET" && request.method !== "HEAD";
}

function tooLarge(limit: number) {
  return new PayloadTooLarge(format(m.input.bodyTooLarge, { max: sizeLabel(limit) }));
}

/** The checks on each chunk of a body, as it streams in: JSON shape and NUL, then UTF-8. */
function chunkChecks(kind: BodyKind, allowance: BodyAllowance) {
  let scan: ((chunk: Uint8Array) => string | null) | undefined;
  const decoder = kind === "json" || kind === "form" ? new TextDecoder("utf-8", { fatal: true }) : undefined;
  const badEncoding = () => new BadRequest(format(m.input.badEncoding, { where: m.input.where.body }));
  return {
    check(chunk: Uint8Array) {
      if (kind === "json") {
        // Made at the first byte, when the route's own options (keepsNul) are known.
        scan ??= createJsonShapeScanner(MAX_JSON_DEPTH, { allowNul: allowance.keepsNul });
        const problem = scan(chunk);
        if (problem === "too-deep") throw new BadRequest(format(m.input.tooDeep, { max: MAX_JSON_DEPTH }));
        if (problem === "nul")
          throw new BadRequest(format(m.input.invalidCharacters, { where: m.input.where.body }));
      }
      try {
        decoder?.decode(chunk, { stream: true });
      } catch {
        throw badEncoding();
      }
    },
    end() {
      try {
        decoder?.decode();
      } catch {
        throw badEncoding();
      }
    },
  };
}

/**
 * The body as Elysia's parser will read it: each chunk counted against the route's limit and
 * checked as it arrives, and the rest never read once one is refused (the stream is cancelled).
 * The limit is looked up when reading starts, after the route's own parse hooks widened it; a
 * Content-Length over it is refused before a byte is read.
 */
function guardedBody(request: Request, kind: BodyKind, allowance: BodyAllowance): ReadableStream<Uint8Array> {
  const source = (request.body as ReadableStream<Uint8Array>).getReader();
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  const checks = chunkChecks(kind, allowance);
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const limit = allowance.limits[kind];
      try {
        if (declared > limit) throw tooLarge(limit);
        const { done, value } = await source.read();
        if (done) {
          checks.end();
          controller.close();
          return;
        }
        size += value.byteLength;
        if (size > limit) throw tooLarge(limit);
        checks.check(value);
        controller.enqueue(value);
      } catch (error) {
        source.cancel().catch(() => {});
        // Elysia wraps what the parser throws in a ParseError; the error handler answers its cause.
        controller.error(error);
      }
    },
    cancel(reason) {
      return source.cancel(reason);
    },
  });
}

/**
 * The body guard: a global parse hook, so it runs on every route after Elysia has routed the
 * request and before it reads the body (src/plugins/body-limits.ts). It hands the route a copy of
 * the request whose body streams through the guard; Elysia's own parsers (JSON, forms,
 * multipart) then read that copy, so a body over its limit is refused after at most one chunk
 * past it, and nothing is buffered beyond what the parser itself keeps. Parse hooks of a route
 * hide its body from the OpenAPI generator, which src/plugins/api-docs.ts accounts for.
 */
export function createBodyGuard() {
  return new Elysia({ name: "body-guard" }).onParse({ as: "global" }, function guardBody(ctx) {
    const { request } = ctx;
    if (!hasBody(request)) return;
    const contentType = request.headers.get("content-type") ?? "";
    const kind = bodyKind(contentType.split(";")[0]?.trim() ?? "");
    const allowance = defaultAllowance();
    const guarded = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: guardedBody(request, kind, allowance),
      duplex: "half",
    } as RequestInit);
    allowBody(guarded, allowance);
    // The copy has no socket: it carries the client's address, or every per-address limit
    // would count it as the loopback address.
    carrySocketPeer({ from: request, to: guarded, server: ctx.server });
    // Property by property, never the whole context: see src/plugins/request-hooks.test.ts.
    (ctx as { request: Request }).request = guarded;
  });
}

/**
 * Refuses hostile input that is not a body: the address (an encoded NUL or bytes that are not
 * UTF-8), before routing; and, after parsing, a NUL left in any string of the body (form and
 * multipart fields), unless the route keeps NULs itself.
 */
export function createInputGuard() {
  return (
    new Elysia({ name: "input-guard" })
      // A plain function that Elysia judges synchronous: see src/plugins/request-hooks.test.ts.
      .onRequest(function checkRequestAddress(ctx) {
        checkAddress(ctx.request.url);
      })
      // No early `return`: bundled, `return;if(` reads to Elysia as a hook that returns a call.
      .onTransform({ as: "global" }, function checkBodyCharacters(ctx) {
        const keepsNul = allowanceOf(ctx.request)?.keepsNul === true;
        if (!keepsNul && hasNul(ctx.body))
          throw new BadRequest(format(m.input.invalidCharacters, { where: m.input.where.body }));
      })
  );
}
