import { Elysia } from "elysia";
import type { Config } from "../config";
import { createProxyList, resolveClientAddress } from "../lib/client-address";

/**
 * `clientAddress` for the routes that ask for it with `{ clientAddress: true }` (the rate-limited
 * ones): the socket's peer, or X-Forwarded-For behind TRUSTED_PROXIES. A macro rather than a
 * global derive, because asking Bun for the peer address cost every other request too (4% of
 * the CPU of a cached answer).
 */
export function createClientAddress(config: Pick<Config, "TRUSTED_PROXIES">) {
  const proxies = createProxyList(config.TRUSTED_PROXIES);
  return new Elysia({ name: "client-address", seed: config.TRUSTED_PROXIES.join(",") }).macro({
    clientAddress: {
      resolve: ({ request, server }) => ({
        clientAddress: resolveClientAddress({
          peer: server?.requestIP(request)?.address,
          forwardedFor: request.headers.get("x-forwarded-for"),
          proxies,
        }),
      }),
    },
  });
}
