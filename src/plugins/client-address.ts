import { Elysia } from "elysia";
import type { Config } from "../config";
import { createProxyList, resolveClientAddress } from "../lib/client-address";

/** `clientAddress` on every request: the socket's peer, or X-Forwarded-For behind TRUSTED_PROXIES. */
export function createClientAddress(config: Pick<Config, "TRUSTED_PROXIES">) {
  const proxies = createProxyList(config.TRUSTED_PROXIES);
  return new Elysia({ name: "client-address", seed: config.TRUSTED_PROXIES.join(",") }).derive(
    { as: "global" },
    ({ request, server }) => ({
      clientAddress: resolveClientAddress({
        peer: server?.requestIP(request)?.address,
        forwardedFor: request.headers.get("x-forwarded-for"),
        proxies,
      }),
    }),
  );
}
