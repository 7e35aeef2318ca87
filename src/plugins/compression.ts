import { type Context, Elysia, ElysiaCustomStatusResponse, StatusMap, serializeCookie } from "elysia";
import {
  jsonTag,
  matchesIfNoneMatch,
  VALIDATED_CACHE_CONTROL,
  wantsValidator,
  withValidator,
} from "../lib/conditional-get";
import {
  compressBytes,
  compressStream,
  isCompressible,
  MIN_COMPRESS_BYTES,
  ONCE,
  perRequestEncoding,
  pickEncoding,
} from "../lib/content-encoding";
import { encodedJsonOf, isKept, jsonOf, plainJsonOf } from "../lib/kept-json";
import type { RememberedBody } from "../lib/poll-memory/remembered-bodies";
import { reportSent } from "../lib/sent-json";

/** Adds Accept-Encoding to Vary without losing what is there. */
function addVary(headers: Headers) {
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "Accept-Encoding");
  else if (!/accept-encoding|\*/i.test(vary)) headers.set("vary", `${vary}, Accept-Encoding`);
}

/** The same on Elysia's header record, before it builds the Response. */
function addVaryTo(headers: Set["headers"]) {
  const vary = headers.vary;
  if (vary === undefined || vary === "") headers.vary = "Accept-Encoding";
  else if (!/accept-encoding|\*/i.test(String(vary))) headers.vary = `${vary}, Accept-Encoding`;
}

/** Plain data a handler returned (an object or a list), which Elysia would send as JSON. */
function isPlainJson(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

type Set = Context["set"];

/**
 * A bare number the handler marked as JSON (the badge count): Elysia would send it as text and
 * the generic path would build, read back and rebuild the Response; it takes the JSON path.
 */
function isJsonNumber(value: unknown, set: Set): value is number {
  return (
    typeof value === "number" && String(set.headers["content-type"] ?? "").startsWith("application/json")
  );
}

/**
 * Plain data (nearly every API answer) takes a short path: serialised once, tagged from that
 * string, compressed from it, and handed to Elysia to build the one Response, instead of
 * building a Response, reading it back and copying it into a second (and third) one.
 */
function finishJson(request: Request, path: string, set: Set, value: object | number) {
  const status = set.status === undefined ? 200 : set.status;
  if (typeof status !== "number") return undefined;
  const json = jsonOf(value);
  const headers = set.headers;
  jsonHeaders(headers);
  let etag: string | null = null;
  if (wantsValidator(request, path, status, headers.etag !== undefined)) {
    etag = jsonTag(json);
    validated(headers, etag);
    if (matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) {
      delete headers["content-type"];
      set.status = 304;
      reportSent(value, { etag, jsonLength: json.length, encoding: null, body: null });
      return handOver(responseOf(null, set), set);
    }
  }
  const accepted = request.headers.get("accept-encoding");
  const encoding = isKept(value)
    ? json.length >= MIN_COMPRESS_BYTES
      ? pickEncoding(accepted, ONCE)
      : null
    : perRequestEncoding(accepted, json.length);
  const body = encoding ? encodedJsonOf(value, json, encoding) : null;
  if (etag) reportSent(value, { etag, jsonLength: json.length, encoding, body });
  if (!encoding || !body) return handOver(responseOf(plainJsonOf(value, json), set), set);
  return sendEncoded(set, body, encoding);
}

function jsonHeaders(headers: Set["headers"]) {
  headers["content-type"] ??= "application/json";
  addVaryTo(headers);
}

function validated(headers: Set["headers"], etag: string) {
  headers.etag = etag;
  headers["cache-control"] ??= VALIDATED_CACHE_CONTROL;
}

function sendEncoded(set: Set, body: Uint8Array<ArrayBuffer>, encoding: string): Response {
  set.headers["content-encoding"] = encoding;
  return handOver(responseOf(body, set), set);
}

/**
 * The one Response for a body and everything `set` holds: status, headers and cookies (which
 * Elysia serialises the same way, with its public `serializeCookie`).
 */
function responseOf(body: BodyInit | null, set: Set): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(set.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, String(item));
    else if (value !== undefined) headers.set(name, String(value));
  }
  const cookies = set.cookie ? serializeCookie(set.cookie) : undefined;
  for (const cookie of typeof cookies === "string" ? [cookies] : (cookies ?? []))
    headers.append("set-cookie", cookie);
  const status = typeof set.status === "string" ? StatusMap[set.status] : (set.status ?? 200);
  return new Response(body, { status, headers });
}

/**
 * A remembered answer sent again (a feed page polled without If-None-Match): the bytes the
 * client would get fresh, with the same headers `finishJson` gives them.
 */
export function sendRememberedJson(set: Set, remembered: RememberedBody): Response {
  jsonHeaders(set.headers);
  validated(set.headers, remembered.etag);
  return sendEncoded(set, remembered.body, remembered.encoding);
}

/**
 * The Response built above already carries every header, status and cookie of `set`. Elysia
 * maps a hook's Response once more, and while `set` holds anything it copies the Response into
 * a new one with the headers merged again (a second Response and Headers per request, and a
 * Set-Cookie serialised twice). With `set` emptied it hands the Response on as it is. The
 * access log and metrics read the status from the Response.
 */
function handOver(response: Response, set: Set): Response {
  set.headers = {};
  set.status = 200;
  set.cookie = undefined;
  return response;
}

/**
 * Finishes every answer for a phone on prepaid data. API GETs get a validator first (ETag, and
 * 304 when the client already has this body: src/lib/conditional-get.ts), then every text answer
 * the client accepts compressed is compressed: zstd, brotli or gzip for answers compressed per
 * request, brotli or gzip for streams and answers compressed once (src/lib/content-encoding.ts). Whole bodies
 * (JSON, small pages) at once; streamed pages (server rendering) chunk by chunk. Answers already
 * encoded (precompressed assets) and non-text ones (images) pass untouched. One hook for both,
 * because Elysia runs only the first mapResponse hook that returns an answer.
 */
export function createCompression() {
  return new Elysia({ name: "compression" }).mapResponse({ as: "global" }, async (ctx) => {
    const { request, set, path } = ctx;
    let value = (ctx as { response?: unknown }).response;
    if (value === undefined || request.method === "HEAD") return;
    // `status(code, value)` from a handler: the value is the answer, sent with that status.
    if (value instanceof ElysiaCustomStatusResponse) {
      set.status = value.code;
      value = value.response;
    }
    if (isPlainJson(value) || isJsonNumber(value, set)) {
      const finished = finishJson(request, path, set, value);
      if (finished) return finished;
    }
    // A Response goes on as it is (Elysia adds what `set` holds); text, a number or a boolean is
    // made one here, as Elysia would, with everything `set` holds. Anything else (files, streams,
    // empty answers) is left to Elysia: none of it is text worth compressing.
    const text = typeof value === "number" || typeof value === "boolean" ? String(value) : value;
    if (!(text instanceof Response) && typeof text !== "string") return;
    const response = await withValidator(
      request,
      path,
      text instanceof Response ? text : handOver(responseOf(text, set), set),
    );
    const type = response.headers.get("content-type");
    if (!isCompressible(type) || response.status === 204 || response.status === 304) return response;
    // Headers first: reading `.body` builds a ReadableStream, wasted on an answer sent as it is
    // (a remembered feed page, already compressed, on every poll).
    if (response.headers.has("content-encoding") || !response.body) return response;
    const headers = new Headers(response.headers);
    addVary(headers);
    const init = { status: response.status, statusText: response.statusText, headers };
    const accepted = request.headers.get("accept-encoding");
    const length = Number(response.headers.get("content-length") ?? Number.NaN);
    if (!Number.isFinite(length) && isStreamedPage(type)) {
      const encoding = pickEncoding(accepted, ONCE);
      if (!encoding) return new Response(response.body, init);
      markEncoded(headers, encoding);
      return new Response(compressStream(response.body, encoding), init);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const encoding = perRequestEncoding(accepted, bytes.length);
    if (!encoding) return new Response(bytes, init);
    markEncoded(headers, encoding);
    return new Response(compressBytes(bytes, encoding), init);
  });
}

function markEncoded(headers: Headers, encoding: string) {
  headers.set("content-encoding", encoding);
  headers.delete("content-length");
}

/** Server-rendered pages stream (React writes the shell first); other answers are small and whole. */
function isStreamedPage(type: string | null): boolean {
  return !!type && type.startsWith("text/html");
}
