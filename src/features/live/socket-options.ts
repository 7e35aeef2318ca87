/**
 * Bun's WebSocket settings for the live connection (given to the server by app.ts).
 * - A socket whose unsent frames pass 1 MiB is closed, not allowed to grow memory: a phone that
 *   stopped reading reconnects and catches up through the REST API.
 * - Bun pings a quiet socket shortly before `idleTimeout` and closes it if nothing comes back:
 *   proxies and phone NAT keep an active connection open, and a dead one is found in under a
 *   minute. Ingress timeouts must be longer than this (docs/kubernetes.md).
 */
export const LIVE_SOCKET_OPTIONS = {
  idleTimeout: 50,
  sendPings: true,
  backpressureLimit: 1024 * 1024,
  closeOnBackpressureLimit: true,
  maxPayloadLength: 16 * 1024,
  perMessageDeflate: false,
} as const;
