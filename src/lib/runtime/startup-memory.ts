/**
 * Hands back what only start-up needed, once, just after the server starts listening.
 *
 * Start-up runs a lot of code exactly once: the server bundle's top level (one module program of
 * about 3 MB of bytecode, src/lib/runtime/server-bundle.ts), every module's initialisation,
 * migrations, the job queue's set-up. JavaScriptCore keeps the bytecode and JIT code of all of it,
 * and the garbage it left, until collections and code ageing get round to it. `Bun.shrink()`
 * collects, throws away all compiled code and returns the freed pages; the code that serves
 * requests is compiled again on its first calls (a few milliseconds, once).
 *
 * It runs a moment after `listen`, not during it: called straight after, it freed nothing
 * (start-up's last steps, the job queue's and the change feed's connections, were still under
 * way); from 100 ms on it frees the same as seconds later. Measured on the perf harness's
 * database (../shared/perf): RSS at idle 103 → 90 MB, the JavaScript heap 23 → 12 MB and its
 * external memory 10 → 1 MB.
 */
const STARTUP_SETTLE_MS = 250;

export function releaseStartupMemoryLater(delayMs = STARTUP_SETTLE_MS): void {
  setTimeout(() => Bun.shrink(), delayMs).unref();
}
