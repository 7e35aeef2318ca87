import { readFileSync } from "node:fs";
import { collectorOptions } from "./collector-options";

/**
 * The JavaScript heap's memory budget, for JavaScriptCore's garbage collector.
 *
 * JSC sizes how far the heap may grow between collections from the machine's RAM (physical
 * memory, not a container's limit): on a 24 GiB host it lets garbage reach about twice the live
 * heap, and the polling mix of ../shared/perf took one process from 104 MB to 165–183 MB of RSS.
 * Told the process has a 256 MB budget (`BUN_JSC_forceRAMSize`), the collector runs a little
 * sooner and the same mix peaks about 30 MB lower at the same CPU (figures in the README).
 *
 * The collector also sweeps at the end of each collection (`BUN_JSC_sweepSynchronously`) instead
 * of in small steps on a timer: the blocks a collection emptied go back at once rather than
 * while the next wave of requests is already filling new ones. Same CPU within noise, and the
 * mix's peak about 7 MB lower (README, *Process start and memory*).
 *
 * JSC reads its options once, when the process starts, so main.ts re-executes the process (same
 * PID, `process.execve`) with the options set. An operator's own value of either option wins;
 * `HEAP_BUDGET_MB=0` leaves both to the runtime.
 */

/** The container's memory limit in bytes (cgroup v2, then v1), or null when there is none. */
function cgroupMemoryLimit(): number | null {
  for (const file of ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]) {
    let text: string;
    try {
      text = readFileSync(file, "utf8").trim();
    } catch {
      continue;
    }
    const bytes = Number(text);
    // "max" (v2) or a huge number (v1's "unlimited") mean no limit.
    return Number.isSafeInteger(bytes) && bytes > 0 && bytes < 2 ** 50 ? bytes : null;
  }
  return null;
}

/**
 * Re-executes the process with the collector's options set, once; returns when there is nothing
 * to do (the second time round, they are all in the environment).
 * Only in production: `bun --watch` in development restarts the process itself.
 */
export function applyHeapBudget(env: Record<string, string | undefined> = process.env): void {
  if (env.NODE_ENV !== "production") return;
  const options = collectorOptions(env, cgroupMemoryLimit());
  // A runtime without execve keeps its collector's default rather than paying for a second process.
  if (Object.keys(options).length === 0 || typeof process.execve !== "function") return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...env,
    ...options,
  });
}
