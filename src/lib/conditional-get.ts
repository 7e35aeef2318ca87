import { createHash } from "node:crypto";

/** Weak comparison (RFC 9110 8.8.3.2) against an If-None-Match list, `*` included. */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = bare(etag);
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === wanted);
}

/**
 * Gives a successful JSON answer to an API GET a validator, so a client polling it (the feed
 * every 10 s, the badge) sends it back in If-None-Match and an unchanged answer costs a bodiless
 * 304 instead of the whole list again. The tag is a hash of the body, so it changes exactly when
 * the body does; answers that set their own ETag (chat) keep it.
 */
export async function withValidator(request: Request, response: Response): Promise<Response> {
  if (request.method !== "GET" || response.status !== 200 || response.headers.has("etag")) return response;
  if (!new URL(request.url).pathname.startsWith("/api/")) return response;
  if (!(response.headers.get("content-type") ?? "").includes("json")) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers(response.headers);
  headers.set("etag", etag);
  // Answers differ per user: browsers and proxies must revalidate, and never share them.
  if (!headers.has("cache-control")) headers.set("cache-control", "private, no-cache");
  if (matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) {
    headers.delete("content-type");
    headers.delete("content-length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, statusText: response.statusText, headers });
}
