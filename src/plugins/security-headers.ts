import { Elysia } from "elysia";

/**
 * Baseline browser protections on every response. No Content-Security-Policy yet: the
 * server-rendered pages carry inline hydration data and Instagram embeds, which need a
 * nonce-based policy to be done properly.
 */
export function createSecurityHeaders({ https }: { https: boolean }) {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
    "cross-origin-opener-policy": "same-origin",
  };
  if (https) headers["strict-transport-security"] = "max-age=15552000; includeSubDomains";
  return new Elysia({ name: "security-headers" }).onRequest(({ set }) => {
    Object.assign(set.headers, headers);
  });
}
