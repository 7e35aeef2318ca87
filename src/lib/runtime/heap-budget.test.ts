import { describe, expect, test } from "bun:test";
import { collectorOptions, HeapBudgetError } from "./collector-options";

const MB = 1024 * 1024;

/** The budget as the collector options carry it (BUN_JSC_forceRAMSize), or null when not set. */
function budgetBytes(env: Record<string, string | undefined>, cgroupLimit: number | null): number | null {
  const bytes = collectorOptions(env, cgroupLimit).BUN_JSC_forceRAMSize;
  return bytes === undefined ? null : Number(bytes);
}

describe("the heap budget (BUN_JSC_forceRAMSize)", () => {
  test("defaults to 256 MB", () => {
    expect(budgetBytes({}, null)).toBe(256 * MB);
  });

  test("HEAP_BUDGET_MB sets it, and 0 leaves the runtime's default", () => {
    expect(budgetBytes({ HEAP_BUDGET_MB: "512" }, null)).toBe(512 * MB);
    expect(budgetBytes({ HEAP_BUDGET_MB: " 96 " }, null)).toBe(96 * MB);
    expect(budgetBytes({ HEAP_BUDGET_MB: "0" }, null)).toBeNull();
    expect(budgetBytes({ HEAP_BUDGET_MB: "" }, null)).toBe(256 * MB);
  });

  test("an operator's own BUN_JSC_forceRAMSize wins", () => {
    expect(budgetBytes({ BUN_JSC_forceRAMSize: "1073741824", HEAP_BUDGET_MB: "128" }, null)).toBeNull();
  });

  test("a container limited below the budget gets its limit", () => {
    expect(budgetBytes({}, 200 * MB)).toBe(200 * MB);
    expect(budgetBytes({}, 2048 * MB)).toBe(256 * MB);
  });

  test("refuses what is not a whole number of megabytes, or too small to run in", () => {
    for (const bad of ["abc", "1.5", "-5", "32", "256MB"]) {
      expect(() => budgetBytes({ HEAP_BUDGET_MB: bad }, null)).toThrow(HeapBudgetError);
    }
    expect(() => budgetBytes({ HEAP_BUDGET_MB: "32" }, null)).toThrow("HEAP_BUDGET_MB must be");
  });
});

describe("collectorOptions", () => {
  test("by default: the budget and sweeping at the end of each collection", () => {
    expect(collectorOptions({}, null)).toEqual({
      BUN_JSC_forceRAMSize: String(256 * MB),
      BUN_JSC_sweepSynchronously: "1",
    });
  });

  test("an operator's own value of either option is kept; only the missing one is added", () => {
    expect(collectorOptions({ BUN_JSC_forceRAMSize: "1073741824" }, null)).toEqual({
      BUN_JSC_sweepSynchronously: "1",
    });
    expect(collectorOptions({ BUN_JSC_sweepSynchronously: "0" }, null)).toEqual({
      BUN_JSC_forceRAMSize: String(256 * MB),
    });
  });

  test("once both are in the environment there is nothing to add (no second re-execution)", () => {
    const first = collectorOptions({}, null);
    expect(collectorOptions({ ...first }, null)).toEqual({});
  });

  test("HEAP_BUDGET_MB=0 leaves the collector to the runtime", () => {
    expect(collectorOptions({ HEAP_BUDGET_MB: "0" }, null)).toEqual({});
    expect(collectorOptions({ HEAP_BUDGET_MB: "00" }, null)).toEqual({});
  });

  test("an invalid HEAP_BUDGET_MB is refused here too", () => {
    expect(() => collectorOptions({ HEAP_BUDGET_MB: "lots" }, null)).toThrow(HeapBudgetError);
  });
});
