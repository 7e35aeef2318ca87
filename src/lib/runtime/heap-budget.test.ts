import { describe, expect, test } from "bun:test";
import { collectorOptions, HeapBudgetError, heapBudgetBytes } from "./heap-budget";

const MB = 1024 * 1024;

describe("heapBudgetBytes", () => {
  test("defaults to 256 MB", () => {
    expect(heapBudgetBytes({}, null)).toBe(256 * MB);
  });

  test("HEAP_BUDGET_MB sets it, and 0 leaves the runtime's default", () => {
    expect(heapBudgetBytes({ HEAP_BUDGET_MB: "512" }, null)).toBe(512 * MB);
    expect(heapBudgetBytes({ HEAP_BUDGET_MB: " 96 " }, null)).toBe(96 * MB);
    expect(heapBudgetBytes({ HEAP_BUDGET_MB: "0" }, null)).toBeNull();
    expect(heapBudgetBytes({ HEAP_BUDGET_MB: "" }, null)).toBe(256 * MB);
  });

  test("an operator's own BUN_JSC_forceRAMSize wins", () => {
    expect(heapBudgetBytes({ BUN_JSC_forceRAMSize: "1073741824", HEAP_BUDGET_MB: "128" }, null)).toBeNull();
  });

  test("a container limited below the budget gets its limit", () => {
    expect(heapBudgetBytes({}, 200 * MB)).toBe(200 * MB);
    expect(heapBudgetBytes({}, 2048 * MB)).toBe(256 * MB);
  });

  test("refuses what is not a whole number of megabytes, or too small to run in", () => {
    for (const bad of ["abc", "1.5", "-5", "32", "256MB"]) {
      expect(() => heapBudgetBytes({ HEAP_BUDGET_MB: bad }, null)).toThrow(HeapBudgetError);
    }
    expect(() => heapBudgetBytes({ HEAP_BUDGET_MB: "32" }, null)).toThrow("HEAP_BUDGET_MB must be");
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
