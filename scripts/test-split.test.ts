import { describe, expect, test } from "bun:test";
import { listTestFiles, readTimings, splitByDuration } from "./test-split";

/**
 * The unit stage's two processes are balanced by test/timings.json. When it fell behind (151 of
 * 266 files known, the rest guessed from their size), the halves differed by about a tenth of the
 * stage. New files may come without a duration; most may not. (Durations of files that are gone
 * are ignored, so renames elsewhere do not fail this.)
 */
describe("test/timings.json", () => {
  test("knows the duration of at least 90% of the unit stage's files (regenerate: bun scripts/bench/test-cpu.ts --timings)", () => {
    const files = listTestFiles(".").filter((file) => !file.startsWith("test/deploy/"));
    const timings = readTimings("test/timings.json");
    const unknown = files.filter((file) => timings[file] === undefined);
    expect(unknown.length / files.length).toBeLessThanOrEqual(0.1);
  });
});

describe("splitByDuration", () => {
  test("gives each file to the least loaded process, longest first", () => {
    const timings = { "a.test.ts": 50, "b.test.ts": 40, "c.test.ts": 30, "d.test.ts": 20, "e.test.ts": 10 };
    const halves = splitByDuration(Object.keys(timings), timings, 2);
    expect(halves.map((half) => half.estimateMs).sort()).toEqual([70, 80]);
    expect(halves.flatMap((half) => half.files).sort()).toEqual(Object.keys(timings).map((f) => `./${f}`));
  });
});
