import pino from "pino";

/** Lines wait in the buffer for at most this long when traffic is too light to fill it. */
const LOG_FLUSH_MS = 250;

/**
 * One write per 32 KB of lines (about 140) instead of one per line: under load each write was
 * a syscall plus its callback, 10-30% of the process's CPU in the perf profiles, and still 8% of
 * a cached answer's at 8 KB a write (Bun makes a file write on the JavaScript thread). sonic-boom
 * is patched (patches/sonic-boom@4.2.1.patch): it measured the whole pending buffer again for
 * every line and re-encoded each written batch, together a third of the CPU of a cached answer.
 *
 * Each batch is written synchronously (`sync: true`; still one write per 32 KB, not per line).
 * An asynchronous write waits for a thread of Bun's pool, which argon2id hashes share: at
 * shutdown, with log-ins still hashing, one batch waited 16 s there, flushLog gave up after 1 s,
 * and process.exit dropped the batch still in flight (sonic-boom's exit flush only writes what
 * is not yet handed to a write), so the lines "requests still in flight, closing them" or even
 * "shutdown: done" went missing (test/deploy/graceful-shutdown.test.ts, now and then under load).
 * A synchronous batch is never in flight when the process exits.
 */
export function batchedDestination(dest: number | string) {
  const destination = pino.destination({ dest, sync: true, minLength: 32 * 1024, maxWrite: 64 * 1024 });
  // An ended destination is destroyed before its file is closed and "close" is emitted: a tick
  // in between must not flush it (sonic-boom would throw "SonicBoom destroyed").
  const state = destination as unknown as { destroyed: boolean };
  const timer = setInterval(() => state.destroyed || destination.flush(), LOG_FLUSH_MS).unref();
  destination.on("close", () => clearInterval(timer));
  return destination;
}
