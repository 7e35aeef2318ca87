/**
 * Which collector options the heap budget sets (heap-budget.ts says why): worked out from the
 * environment and the container's memory limit alone, so it can be checked without a restart.
 */
const DEFAULT_HEAP_BUDGET_MB = 256;
const MIN_HEAP_BUDGET_MB = 64;
const OPTION = "BUN_JSC_forceRAMSize";
const SWEEP_OPTION = "BUN_JSC_sweepSynchronously";

export class HeapBudgetError extends Error {}

/** The bytes to pass as BUN_JSC_forceRAMSize, or null when nothing should be set. */
function heapBudgetBytes(env: Record<string, string | undefined>, cgroupLimit: number | null): number | null {
  if (env[OPTION] !== undefined) return null;
  const raw = env.HEAP_BUDGET_MB?.trim();
  let mb = DEFAULT_HEAP_BUDGET_MB;
  if (raw) {
    if (!/^\d+$/.test(raw) || (Number(raw) !== 0 && Number(raw) < MIN_HEAP_BUDGET_MB)) {
      throw new HeapBudgetError(
        `HEAP_BUDGET_MB must be a whole number of megabytes, at least ${MIN_HEAP_BUDGET_MB} (or 0 to leave the runtime's default); got "${raw}"`,
      );
    }
    mb = Number(raw);
    if (mb === 0) return null;
  }
  const bytes = mb * 1024 * 1024;
  // A container limited below the budget gets its limit: the collector must not plan for memory
  // the kernel will not give.
  return cgroupLimit !== null && cgroupLimit < bytes ? cgroupLimit : bytes;
}

/** The collector options to add to the environment (none left to add: an empty record). */
export function collectorOptions(
  env: Record<string, string | undefined>,
  cgroupLimit: number | null,
): Record<string, string> {
  const bytes = heapBudgetBytes(env, cgroupLimit);
  const raw = env.HEAP_BUDGET_MB?.trim();
  if (raw && Number(raw) === 0) return {};
  const options: Record<string, string> = {};
  if (bytes !== null) options[OPTION] = String(bytes);
  if (env[SWEEP_OPTION] === undefined) options[SWEEP_OPTION] = "1";
  return options;
}
