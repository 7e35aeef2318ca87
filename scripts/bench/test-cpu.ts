/**
 * CPU seconds per `bun test` file: what each file costs the machine, which wall clock on a shared
 * two-core box does not say. Runs the files (all of the unit stage by default, or those named)
 * in PROCESSES `bun test` processes split as CI splits them, each with TEST_PROFILE set
 * (test/cpu-profile.ts), then prints one row per file, most CPU first: the test process (with
 * the processes it waited for), its PostgreSQL cluster, and wall clock.
 *
 *   bun scripts/bench/test-cpu.ts [--timings] [--top=N] [files…]
 *
 * --timings rewrites test/timings.json (bun's --timings format, wall ms per file, which
 * scripts/test-split.ts balances the unit stage's processes with) from this run.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { listTestFiles, readTimings, splitByDuration } from "../test-split";

type Row = { file: string; wallMs: number; bunCpuMs: number; pgCpuMs: number };

const args = process.argv.slice(2);
const writeTimings = args.includes("--timings");
const top = Number(args.find((a) => a.startsWith("--top="))?.slice(6) ?? 0);
const named = args.filter((a) => !a.startsWith("--"));
const files = named.length
  ? named.map((f) => f.replace(/^\.\//, ""))
  : listTestFiles(".").filter((file) => !file.startsWith("test/deploy/"));
const processes = Number(process.env.PROCESSES ?? 2);
const parts = splitByDuration(files, readTimings("test/timings.json"), processes);
const dir = mkdtempSync(join(tmpdir(), "test-cpu-"));

const startedAt = performance.now();
const results = await Promise.all(
  parts.map(async (part, i) => {
    const out = join(dir, `part-${i}.jsonl`);
    const proc = Bun.spawn(["bun", "test", "--timeout", "60000", ...part.files], {
      env: { ...process.env, TEST_PROFILE: out },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [text, err, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    const failed = (text + err).split("\n").filter((line) => line.startsWith("(fail) "));
    const tally = /^\s*(\d+) pass\s*$/m.exec(text + err)?.[1] ?? "?";
    const rows = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Row);
    return { code, failed, tally, rows };
  }),
);
const wallS = (performance.now() - startedAt) / 1000;
rmSync(dir, { recursive: true, force: true });

const rows = results.flatMap((r) => r.rows).map((r) => ({ ...r, file: relativeFile(r.file) }));
const byCpu = [...rows].sort((a, b) => b.bunCpuMs + b.pgCpuMs - (a.bunCpuMs + a.pgCpuMs));
const sum = (pick: (r: Row) => number) => rows.reduce((s, r) => s + pick(r), 0) / 1000;
const s = (ms: number) => (ms / 1000).toFixed(1);

console.log("| CPU s (total) | bun test | PostgreSQL | wall s | file |\n|---:|---:|---:|---:|---|");
for (const r of top ? byCpu.slice(0, top) : byCpu) {
  console.log(
    `| ${s(r.bunCpuMs + r.pgCpuMs)} | ${s(r.bunCpuMs)} | ${s(r.pgCpuMs)} | ${s(r.wallMs)} | ${r.file} |`,
  );
}
console.log(
  `\n${rows.length} rows (${files.length} files) in ${parts.length} processes, ${wallS.toFixed(0)} s wall: ` +
    `CPU ${(sum((r) => r.bunCpuMs) + sum((r) => r.pgCpuMs)).toFixed(0)} s ` +
    `(bun test ${sum((r) => r.bunCpuMs).toFixed(0)} s, PostgreSQL ${sum((r) => r.pgCpuMs).toFixed(0)} s); ` +
    `tests passed per process: ${results.map((r) => r.tally).join(", ")}`,
);
for (const r of results) for (const line of r.failed) console.log(line);

if (writeTimings) {
  const timings: Record<string, number> = named.length ? readTimings("test/timings.json") : {};
  for (const r of rows) if (!r.file.startsWith("(")) timings[r.file] = r.wallMs;
  const sorted = Object.fromEntries(Object.entries(timings).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync("test/timings.json", `${JSON.stringify({ version: 1, files: sorted }, null, 2)}\n`);
  console.log(`test/timings.json: ${Object.keys(sorted).length} files`);
}
process.exit(results.every((r) => r.code === 0) ? 0 : 1);

function relativeFile(file: string): string {
  return file.startsWith("(") ? file : relative(process.cwd(), file);
}
