import type { LiveServerMessage } from "../../../common/api/live";
import type { LiveSocket } from "./registry";

/**
 * Sends one frame. Bun buffers what the peer has not read yet; past the socket options'
 * backpressure limit (live-options.ts) it closes the socket itself, so a slow phone costs this
 * process a bounded amount of memory and catches up through the REST API when it reconnects.
 */
export function sendFrame(socket: LiveSocket, frame: LiveServerMessage): void {
  if (socket.closed) return;
  socket.raw.send(JSON.stringify(frame));
}
