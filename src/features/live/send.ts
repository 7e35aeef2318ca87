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

/**
 * Sends frames already serialised (shared-frames.ts), in order. Several at once are corked:
 * Bun then writes them to the socket together, one system call instead of one per frame.
 */
export function sendTexts(socket: LiveSocket, texts: readonly string[]): void {
  if (socket.closed || texts.length === 0) return;
  const raw = socket.raw;
  if (texts.length === 1 || !raw.cork) {
    for (const text of texts) raw.send(text);
    return;
  }
  raw.cork(() => {
    for (const text of texts) raw.send(text);
  });
}
