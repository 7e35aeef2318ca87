import { Elysia } from "elysia";
import type { Config } from "../config";
import { createProxyList, resolveClientAddress, socketPeer } from "../lib/request-address";

/**
 * `clientAddress` for the routes that ask for it with `{ clientAddress: true }` (the rate-limited
 * ones): the socket's peer, or X-Forwarded-For behind TRUSTED_PROXIES. A macro rather than a
 * global derive, because asking Bun for the peer address cost every other request too (4% of
 * the CPU of a cached answer). The peer is the original socket's even when the body guard has
 * handed Elysia a buffered copy of the request (see carrySocketPeer).
 */
export function createClientAddress(config: Pick<Config, "TRUSTED_PROXIES">) {
  const proxies = createProxyList(config.TRUSTED_PROXIES);
  return new Elysia({ name: "client-address", seed: config.TRUSTED_PROXIES.join(",") }).macro({
    clientAddress: {
      resolve: ({ request, server }) => ({
        clientAddress: resolveClientAddress({
          peer: socketPeer(request, server),
          forwardedFor: request.headers.get("x-forwarded-for"),
          proxies,
        }),
      }),
    },
  });
}
