import { describe, expect, test } from "bun:test";
import { listTestFiles, orderForStart, readTimings, splitByDuration } from "./test-split";

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

  test("a reserve for the deployment stage leaves the first process that much less, so both lanes end together", () => {
    // Ten files of 10 (100 in all) and the deployment stage worth 20 after the first process:
    // equal halves end at 50 and 50 + 20 = 70; with the reserve at 40 + 20 and 60.
    const timings = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}.test.ts`, 10]));
    const [first, second] = splitByDuration(Object.keys(timings), timings, 2, 0.2);
    expect(first!.estimateMs).toBe(40);
    expect(second!.estimateMs).toBe(60);
    expect([...first!.files, ...second!.files].sort()).toEqual(
      Object.keys(timings)
        .map((f) => `./${f}`)
        .sort(),
    );
    expect(splitByDuration(Object.keys(timings), timings, 2).map((half) => half.estimateMs)).toEqual([
      50, 50,
    ]);
    // One process keeps everything: nothing runs in its place.
    expect(splitByDuration(Object.keys(timings), timings, 1, 0.2)[0]!.estimateMs).toBe(100);
  });
});

describe("orderForStart", () => {
  test("runs the shortest files worth the lead share first, then the rest longest first", () => {
    const timings = { "a.test.ts": 50, "b.test.ts": 30, "c.test.ts": 10, "d.test.ts": 6, "e.test.ts": 4 };
    const files = Object.keys(timings).map((f) => `./${f}`);
    expect(orderForStart(files, timings, 0.1)).toEqual([
      "./e.test.ts",
      "./d.test.ts",
      "./a.test.ts",
      "./b.test.ts",
      "./c.test.ts",
    ]);
    expect(orderForStart(files, timings, 0)).toEqual(files);
    // Never all of them: the longest still runs.
    expect(orderForStart(["./a.test.ts"], timings, 1)).toEqual(["./a.test.ts"]);
  });

  test("a test that walks the whole heap runs first, before the lead", () => {
    const heap = "./src/features/live/socket-memory.test.ts";
    const timings = { "a.test.ts": 50, "e.test.ts": 4, "src/features/live/socket-memory.test.ts": 30 };
    expect(orderForStart(["./a.test.ts", heap, "./e.test.ts"], timings, 0.1)).toEqual([
      heap,
      "./e.test.ts",
      "./a.test.ts",
    ]);
  });
});
