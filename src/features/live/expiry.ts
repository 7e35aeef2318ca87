import { LIVE_AUTH_SECONDS } from "../../../common/api/live";
import type { LiveSocket, Registry } from "./registry";

/** How often the sweep looks: a socket closes at most this long after its deadline. */
const EXPIRY_SWEEP_MS = 1000;

/**
 * The live sockets' deadlines, in one sweep: a socket not signed in within LIVE_AUTH_SECONDS of
 * opening, or whose token expired, is closed. One interval for the whole process, running only
 * while it holds sockets, instead of a timer per socket (a timer object and its closure each:
 * 10,000 sockets kept 10,000 of them, docs/capacity.md "Memory"). Walking 10,000 records once a
 * second costs well under a millisecond.
 */
export function createExpirySweep({
  registry,
  expire,
}: {
  registry: Registry;
  expire: (socket: LiveSocket, reason: "auth timeout" | "token expired") => void;
}) {
  let timer: ReturnType<typeof setInterval> | null = null;

  function sweep() {
    const now = Date.now();
    for (const socket of registry.sockets.values()) {
      if (socket.closed) continue;
      if (socket.tokenHash === null) {
        if (now - socket.openedAt >= LIVE_AUTH_SECONDS * 1000) expire(socket, "auth timeout");
      } else if (now >= socket.tokenExp * 1000) expire(socket, "token expired");
    }
    if (registry.sockets.size === 0) stop();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  return {
    /** A socket opened: make sure the sweep runs. */
    watch() {
      timer ??= setInterval(sweep, EXPIRY_SWEEP_MS);
    },
    stop,
  };
}
