/*
 * The page cookie (issue 50): a copy of the session token that lets the server render GET pages
 * for the signed-in person at first paint, instead of a guest page the browser repaints once its
 * JavaScript has read the token from storage. It authorises nothing else: the API reads only the
 * Authorization header (src/plugins/auth.ts), so a cross-site form or request that carries this
 * cookie reaches no data and changes nothing, which is why it needs no CSRF token.
 * HttpOnly: the page's scripts never see it (they keep the spec's token in storage).
 */

const SESSION_COOKIE = "session";

/**
 * A `Set-Cookie` value carrying `token` for `maxAgeSeconds` (the token's own lifetime, so the
 * cookie never outlives it). SameSite=Lax: sent on a top-level navigation from a link
 * elsewhere (so a shared link opens signed in), never on a cross-site POST or subresource.
 */
export function sessionCookie({
  token,
  maxAgeSeconds,
  secure,
}: {
  token: string;
  maxAgeSeconds: number;
  secure: boolean;
}): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** The `Set-Cookie` value that removes the page cookie (log-out, a revoked or foreign token). */
export function expiredSessionCookie({ secure }: { secure: boolean }): string {
  return sessionCookie({ token: "", maxAgeSeconds: 0, secure });
}

/** The page cookie's token in a Cookie header, else null. */
export function readSessionCookie(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
