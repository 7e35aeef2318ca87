import { Elysia } from "elysia";

/**
 * Nothing but the response itself: API answers and images run no script, load nothing and
 * may not be framed. Pages replace it with their nonce policy (src/ssr/render.ts).
 */
export const BASELINE_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The service worker's own policy: a worker script runs under the CSP of its response, and it
 * must fetch the app shell into its cache and pass same-origin requests on (connect-src), and
 * nothing else. With the baseline's `default-src 'none'` its install step could fetch nothing,
 * so it never activated.
 */
export const SERVICE_WORKER_POLICY =
  "default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Whether the address is /sw.js (with or without a query), without parsing a URL per request. */
function isServiceWorker(url: string): boolean {
  const path = url.indexOf("/", url.indexOf("//") + 2);
  return path !== -1 && url.startsWith("/sw.js", path) && (url.length === path + 6 || url[path + 6] === "?");
}

/**
 * Baseline browser protections on every response, with a Content-Security-Policy that allows
 * nothing (pages send their own, with a per-response nonce; /docs its own, src/plugins/api-docs.ts).
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
  return new Elysia({ name: "security-headers" }).onRequest(({ set, request }) => {
    Object.assign(set.headers, headers);
    set.headers["content-security-policy"] = isServiceWorker(request.url)
      ? SERVICE_WORKER_POLICY
      : BASELINE_POLICY;
  });
}
