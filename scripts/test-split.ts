/**
 * Splitting the `bun test` files between processes (scripts/test-all.ts). Each file clones its
 * own database, so any split is safe; a balanced one finishes soonest. Past durations come from
 * test/timings.json, in bun's own --timings format, refreshed with:
 *   bun test --timeout 60000 --timings=test/timings.json --update-timings
 * A file with no past duration (new) is estimated from its size.
 */
import { readFileSync } from "node:fs";

/** What `bun test` finds on its own: *.test|_test|.spec|_spec .ts/.tsx/.js/.jsx outside node_modules. */
export function listTestFiles(root: string): string[] {
  const glob = new Bun.Glob("**/*{.test,_test,.spec,_spec}.{ts,tsx,js,jsx}");
  return [...glob.scanSync({ cwd: root })].filter((file) => !file.split("/").includes("node_modules")).sort();
}

export function readTimings(file: string): Record<string, number> {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as { files?: Record<string, number> };
    return parsed.files ?? {};
  } catch {
    return {};
  }
}

/** Milliseconds per byte of test source, for files the timings do not know yet (a rough median). */
const MS_PER_BYTE = 0.5;

function estimateMs(file: string, timings: Record<string, number>): number {
  const known = timings[file] ?? timings[`./${file}`];
  if (known !== undefined) return known;
  return Bun.file(file).size * MS_PER_BYTE;
}

/**
 * Longest first, each to the least loaded process (LPT): within 4/3 of the best split. Each
 * process runs its files in that order, so its last files are its shortest.
 *
 * `reserveShare`: a part of the whole the first process keeps free for what runs after it in
 * its place (the deployment stage, scripts/test-all.ts): it gets that much less, ends that much
 * sooner, and the two lanes end together. Its `estimateMs` counts only its files.
 */
export function splitByDuration(
  files: string[],
  timings: Record<string, number>,
  parts: number,
  reserveShare = 0,
) {
  const halves = Array.from({ length: Math.max(1, parts) }, () => ({ files: [] as string[], estimateMs: 0 }));
  const sized = files.map((file) => ({ file, ms: estimateMs(file, timings) })).sort((a, b) => b.ms - a.ms);
  const reserveMs = halves.length > 1 ? reserveShare * sized.reduce((sum, { ms }) => sum + ms, 0) : 0;
  const load = halves.map((_, i) => (i === 0 ? reserveMs : 0));
  for (const { file, ms } of sized) {
    const lightest = load.indexOf(Math.min(...load));
    halves[lightest]!.files.push(`./${file}`);
    halves[lightest]!.estimateMs += ms;
    load[lightest]! += ms;
  }
  return halves.filter((half) => half.files.length > 0);
}

/**
 * Tests that walk the process's whole heap (a heap snapshot, counted after full collections)
 * run first in their process: its heap then holds little but them. Late in a CI process, after
 * hundreds of files, `socket-memory.test.ts` took 53-63 s and passed its 60 s limit once (alone,
 * 4 s).
 */
const HEAP_COUNTING = ["src/features/live/socket-memory.test.ts"];

/**
 * One process's files in the order it runs them: any heap-counting test first, then its
 * shortest files worth `leadShare` of its
 * estimate first, then the rest longest first. The run's first half-minute is its busiest (the
 * build, the browser stage's stack and three browsers starting beside the gates), and the longest
 * files are also the ones that start processes and wait on timers (an embedded cluster, the demo
 * seed, app processes with a 45 s start): they meet that burst no more than any other file does.
 * The end still has short files, so the processes still end close together.
 */
export function orderForStart(files: string[], timings: Record<string, number>, leadShare: number): string[] {
  const first = files.filter((file) => HEAP_COUNTING.includes(file.replace(/^\.\//, "")));
  const sized = files
    .filter((file) => !first.includes(file))
    .map((file) => ({ file, ms: estimateMs(file.replace(/^\.\//, ""), timings) }))
    .sort((a, b) => b.ms - a.ms);
  const total = sized.reduce((sum, { ms }) => sum + ms, 0);
  const lead: string[] = [];
  let leadMs = 0;
  while (sized.length > 1 && leadMs + sized.at(-1)!.ms <= leadShare * total) {
    const next = sized.pop()!;
    lead.push(next.file);
    leadMs += next.ms;
  }
  return [...first, ...lead, ...sized.map(({ file }) => file)];
}
