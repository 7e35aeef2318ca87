/** Weak comparison (RFC 9110 8.8.3.2) against an If-None-Match list, `*` included. */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = bare(etag);
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === wanted);
}

/**
 * A weak validator for a JSON body: a 64-bit hash and the length. It only has to change when the
 * body does (a client that already has this exact body may skip it), not resist forgery, so a
 * fast non-cryptographic hash does (SHA-256 of a 16 KB feed page cost more than serialising it).
 */
export function jsonTag(body: string): string {
  return `W/"${Bun.hash.wyhash(body).toString(36)}-${body.length.toString(36)}"`;
}

/**
 * Whether an answer gets a validator: a successful JSON answer to an API GET, so a client
 * polling it (the feed every 10 s, the badge) sends it back in If-None-Match and an unchanged
 * answer costs a bodiless 304 instead of the whole list again. Answers that set their own ETag
 * (chat) keep it.
 */
export function wantsValidator(request: Request, path: string, status: number, hasEtag: boolean): boolean {
  return request.method === "GET" && status === 200 && !hasEtag && path.startsWith("/api/");
}

/** Headers that go with every validated answer: they differ per user, so nobody may share them. */
export const VALIDATED_CACHE_CONTROL = "private, no-cache";

/** The same for an answer that is already a Response (rare: most handlers return plain data). */
export async function withValidator(request: Request, path: string, response: Response): Promise<Response> {
  if (!wantsValidator(request, path, response.status, response.headers.has("etag"))) return response;
  if (!(response.headers.get("content-type") ?? "").includes("json")) return response;
  const body = await response.text();
  const etag = jsonTag(body);
  const headers = new Headers(response.headers);
  headers.set("etag", etag);
  if (!headers.has("cache-control")) headers.set("cache-control", VALIDATED_CACHE_CONTROL);
  if (matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) {
    headers.delete("content-type");
    headers.delete("content-length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, statusText: response.statusText, headers });
}
