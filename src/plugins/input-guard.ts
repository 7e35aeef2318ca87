import { Elysia } from "elysia";
import { format, m } from "../../common/messages";
import { createJsonShapeScanner } from "../lib/body/json-shape";
import { BodyTooLarge, readLimitedBody } from "../lib/body/read-limited";
import { carrySocketPeer, type PeerSource } from "../lib/client-address";
import { BadRequest, PayloadTooLarge } from "../lib/errors";
import { type BodyRuleTable, bodyKind, MAX_JSON_DEPTH } from "./body-limits";
import { syncHook } from "./sync-hook";

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

const utf8 = new TextDecoder("utf-8", { fatal: true });

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

async function readBody(request: Request, limit: number, inspect?: (chunk: Uint8Array) => void) {
  try {
    return await readLimitedBody(request, limit, inspect);
  } catch (error) {
    if (error instanceof BodyTooLarge)
      throw new PayloadTooLarge(format(m.input.bodyTooLarge, { max: sizeLabel(limit) }));
    throw error;
  }
}

/** Whether the request carries a body to read and check. */
function hasBody(request: Request): boolean {
  return !!request.body && request.method !== "GET" && request.method !== "HEAD";
}

/**
 * Reads the body within its route's limit and returns a buffered copy of the request, from which
 * Elysia's own parsers (JSON, forms, multipart) read it.
 */
async function guardedRequest(request: Request, server: PeerSource, rules: BodyRuleTable): Promise<Request> {
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  const kind = bodyKind(contentType);
  const route = rules.routeOf(request.method, new URL(request.url).pathname);
  const limit = rules.limitFor(request.method, route, kind);
  let inspect: ((chunk: Uint8Array) => void) | undefined;
  if (kind === "json") {
    const scan = createJsonShapeScanner(MAX_JSON_DEPTH, { allowNul: rules.keepsNul(request.method, route) });
    inspect = (chunk) => {
      const problem = scan(chunk);
      if (problem === "too-deep") throw new BadRequest(format(m.input.tooDeep, { max: MAX_JSON_DEPTH }));
      if (problem === "nul")
        throw new BadRequest(format(m.input.invalidCharacters, { where: m.input.where.body }));
    };
  }
  const body = await readBody(request, limit, inspect);
  if (kind === "json" || kind === "form") {
    try {
      utf8.decode(body);
    } catch {
      throw new BadRequest(format(m.input.badEncoding, { where: m.input.where.body }));
    }
  }
  const guarded = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: body.byteLength > 0 ? (body as Uint8Array<ArrayBuffer>) : null,
  });
  // The copy has no socket: it carries the client's address, or every per-address limit
  // would count it as the loopback address.
  carrySocketPeer({ from: request, to: guarded, server });
  // Bun's router puts a route's path parameters on its own request, where Elysia reads them.
  const { params } = request as { params?: unknown };
  if (params !== undefined) Object.assign(guarded, { params });
  return guarded;
}

/** Why a body was refused while it was read, raised again by the guard's request hook. */
const refusals = new WeakMap<Request, unknown>();

/**
 * Reads and checks a request's body before the request enters Elysia, and hands Elysia the
 * buffered copy, so every hook (metrics, log) sees the same request. A refusal is kept and thrown
 * again from the guard's request hook, where Elysia's error handling answers it. This is a
 * `wrap` rather than an async request hook: one async request hook makes Elysia await on every
 * request, bodiless GETs included (about 4 µs of CPU each). It must be used before the locale
 * plugin, so that it runs inside the request's language (the refusal's message is written here).
 * Not a parse hook: a parse hook would hide every request body schema from the OpenAPI document.
 */
export function createBodyGuard(rules: BodyRuleTable) {
  // The listening server, which alone knows each request's socket (none for app.handle()).
  let server: PeerSource = null;
  return new Elysia({ name: "body-guard" })
    .onStart((app) => {
      server = app.server;
    })
    .wrap((handle, request) => (...args: unknown[]) => {
      const next = handle as (...a: unknown[]) => unknown;
      if (!hasBody(request)) return next(...args);
      return guardedRequest(request, server, rules).then(
        (guarded) => next(guarded, ...args.slice(1)),
        (error: unknown) => {
          refusals.set(request, error);
          return next(...args);
        },
      );
    });
}

export function createInputGuard(rules: BodyRuleTable) {
  return (
    new Elysia({ name: "input-guard" })
      // Synchronous on purpose (see createBodyGuard).
      .onRequest(
        syncHook((ctx) => {
          checkAddress(ctx.request.url);
          const refusal = refusals.get(ctx.request);
          if (refusal !== undefined) throw refusal;
        }),
      )
      .onTransform(
        { as: "global" },
        syncHook((ctx) => {
          const route = (ctx as { route?: string }).route ?? "";
          if (rules.keepsNul(ctx.request.method, route)) return;
          if (hasNul(ctx.body))
            throw new BadRequest(format(m.input.invalidCharacters, { where: m.input.where.body }));
        }),
      )
  );
}
