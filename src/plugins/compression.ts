import { Elysia } from "elysia";
import { mapResponse } from "elysia/adapter/bun/handler";
import {
  compressBytes,
  compressStream,
  isCompressible,
  MIN_COMPRESS_BYTES,
  pickEncoding,
} from "../lib/compression";
import { withValidator } from "../lib/conditional-get";

/** Adds Accept-Encoding to Vary without losing what is there. */
function addVary(headers: Headers) {
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "Accept-Encoding");
  else if (!/accept-encoding|\*/i.test(vary)) headers.set("vary", `${vary}, Accept-Encoding`);
}

/**
 * Finishes every answer for a phone on prepaid data. API GETs get a validator first (ETag, and
 * 304 when the client already has this body: src/lib/conditional-get.ts), then every text answer
 * the client accepts compressed is compressed: brotli preferred, gzip otherwise. Whole bodies
 * (JSON, small pages) at once; streamed pages (server rendering) chunk by chunk. Answers already
 * encoded (precompressed assets) and non-text ones (images) pass untouched. One hook for both,
 * because Elysia runs only the first mapResponse hook that returns an answer.
 */
export function createCompression() {
  return new Elysia({ name: "compression" }).mapResponse({ as: "global" }, async (ctx) => {
    const { request, set } = ctx;
    const value = (ctx as { response?: unknown }).response;
    if (value === undefined || request.method === "HEAD") return;
    const response = await withValidator(
      request,
      value instanceof Response ? value : mapResponse(value, set, request),
    );
    const type = response.headers.get("content-type");
    if (!response.body || !isCompressible(type) || response.status === 204 || response.status === 304) {
      return response;
    }
    if (response.headers.has("content-encoding")) return response;
    const headers = new Headers(response.headers);
    addVary(headers);
    const encoding = pickEncoding(request.headers.get("accept-encoding"));
    const init = { status: response.status, statusText: response.statusText, headers };
    if (!encoding) return new Response(response.body, init);
    headers.set("content-encoding", encoding);
    headers.delete("content-length");
    const length = Number(response.headers.get("content-length") ?? Number.NaN);
    if (Number.isFinite(length) || !isStreamedPage(type)) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length < MIN_COMPRESS_BYTES) {
        headers.delete("content-encoding");
        return new Response(bytes, init);
      }
      return new Response(compressBytes(bytes, encoding), init);
    }
    return new Response(compressStream(response.body, encoding), init);
  });
}

/** Server-rendered pages stream (React writes the shell first); other answers are small and whole. */
function isStreamedPage(type: string | null): boolean {
  return !!type && type.startsWith("text/html");
}
