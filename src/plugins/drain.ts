import { Elysia } from "elysia";
import { syncHook } from "./sync-hook";

/**
 * While the process drains (SIGTERM, see server.ts), every response says `Connection: close`, so
 * Bun closes each keep-alive connection right after its answer and clients open a new one
 * (through the load balancer, to another replica) for their next request. Without it a client
 * could send its next request on a kept-alive connection just as the process closes it, and see
 * ECONNRESET instead of an answer.
 */
export function createDrain(lifecycle: { accepting: boolean }) {
  return new Elysia({ name: "drain" }).onRequest(
    syncHook(({ set }) => {
      if (!lifecycle.accepting) set.headers.connection = "close";
    }),
  );
}
