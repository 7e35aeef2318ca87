import { Elysia } from "elysia";

/**
 * While the process drains (SIGTERM, see server.ts), every response says `Connection: close`, so
 * Bun closes each keep-alive connection right after its answer and clients open a new one
 * (through the load balancer, to another replica) for their next request. Without it a client
 * could send its next request on a kept-alive connection just as the process closes it, and see
 * ECONNRESET instead of an answer.
 */
export function createDrain(lifecycle: { accepting: boolean }) {
  // A plain function that Elysia judges synchronous: see src/plugins/request-hooks.test.ts.
  return new Elysia({ name: "drain" }).onRequest(function closeWhileDraining({ set }) {
    if (!lifecycle.accepting) set.headers.connection = "close";
  });
}
