import { Elysia } from "elysia";

/**
 * Nothing but the response itself: API answers and images run no script, load nothing and
 * may not be framed. Pages replace it with their nonce policy (src/ssr/render.ts).
 */
const BASELINE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The service worker's own policy: a worker script runs under the CSP of its response, and it
 * must fetch the app shell into its cache and pass same-origin requests on (connect-src), and
 * nothing else. With the baseline's `default-src 'none'` its install step could fetch nothing,
 * so it never activated.
 */
export const SERVICE_WORKER_POLICY =
  "default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Baseline browser protections on every response, with a Content-Security-Policy that allows
 * nothing (pages send their own, with a per-response nonce; /docs its own, src/plugins/api-docs.ts;
 * the service worker SERVICE_WORKER_POLICY, src/ssr/routes.ts).
 */
export function createSecurityHeaders({ https }: { https: boolean }) {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
    "cross-origin-opener-policy": "same-origin",
    "content-security-policy": BASELINE_POLICY,
  };
  if (https) headers["strict-transport-security"] = "max-age=15552000; includeSubDomains";
  // Elysia's default headers: copied into each request's headers when its context is made (so
  // errors carry them too), without a hook call per request.
  return new Elysia({ name: "security-headers" }).headers(headers);
}
