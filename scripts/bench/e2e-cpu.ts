/**
 * CPU seconds per browser spec file: the Playwright runner, Chromium, the app and PostgreSQL,
 * measured around each test (e2e/support/cpu-profile.ts), summed per file, most CPU first; and
 * the whole run's CPU (everything Playwright started, the stack and its build included).
 * One worker by default, so the app's and PostgreSQL's figures belong to the test measured.
 *
 *   bun scripts/bench/e2e-cpu.ts [e2e/x.e2e.ts …]      (E2E_WORKERS, E2E_SKIP_BUILD=1 as usual)
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { SpecCpu } from "../../e2e/support/cpu-profile";
import { processCpuMs } from "../../test/proc-cpu";

// E2E_PROFILE names a file to keep the raw rows in (one JSON line per test, written as they end).
const dir = mkdtempSync(join(tmpdir(), "e2e-cpu-"));
const out = process.env.E2E_PROFILE ?? join(dir, "tests.jsonl");
const cpuBefore = processCpuMs("self");
const startedAt = performance.now();
const proc = Bun.spawn(["bunx", "playwright", "test", ...process.argv.slice(2)], {
  env: {
    ...process.env,
    E2E_PROFILE: out,
    E2E_WORKERS: process.env.E2E_WORKERS ?? "1",
    E2E_TRACE: "off",
    E2E_SCREENSHOTS: "off",
  },
  stdout: "pipe",
  stderr: "pipe",
});
const [text, err, code] = await Promise.all([
  new Response(proc.stdout).text(),
  new Response(proc.stderr).text(),
  proc.exited,
]);
const wallS = (performance.now() - startedAt) / 1000;
// Playwright and everything under it, once all have been waited for.
const runCpuS = (processCpuMs("self") - cpuBefore) / 1000;
const tests = readFileSync(out, "utf8")
  .trim()
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as SpecCpu);
rmSync(dir, { recursive: true, force: true });

type Sum = { tests: number; wall: number; runner: number; browser: number; app: number; pg: number };
const perFile = new Map<string, Sum>();
for (const t of tests) {
  const file = relative(process.cwd(), t.file);
  const sum = perFile.get(file) ?? { tests: 0, wall: 0, runner: 0, browser: 0, app: 0, pg: 0 };
  sum.tests += 1;
  sum.wall += t.wallMs;
  sum.runner += t.runnerCpuMs;
  sum.browser += t.browserCpuMs;
  sum.app += t.appCpuMs;
  sum.pg += t.pgCpuMs;
  perFile.set(file, sum);
}
const workers = Number(process.env.E2E_WORKERS ?? 1);
// With several workers the tests overlap: a test's app and PostgreSQL figures hold its
// neighbours' work too, and only the run's totals (last reading minus first) are meaningful.
const runApp =
  Math.max(...tests.map((t) => t.totals.appAfter)) - Math.min(...tests.map((t) => t.totals.appBefore));
const runPg =
  Math.max(...tests.map((t) => t.totals.pgAfter)) - Math.min(...tests.map((t) => t.totals.pgBefore));
const total = (s: Sum) => s.runner + s.browser + (workers > 1 ? 0 : s.app + s.pg);
const s1 = (ms: number) => (ms / 1000).toFixed(1);
console.log(
  "| CPU s | runner | Chromium | app | PostgreSQL | wall s | tests | spec |\n|---:|---:|---:|---:|---:|---:|---:|---|",
);
const rows = [...perFile.entries()].sort((a, b) => total(b[1]) - total(a[1]));
for (const [file, s] of rows) {
  console.log(
    `| ${s1(total(s))} | ${s1(s.runner)} | ${s1(s.browser)} | ${s1(s.app)} | ${s1(s.pg)} | ${s1(s.wall)} | ${s.tests} | ${file} |`,
  );
}
const all = rows.reduce(
  (a, [, s]) => ({
    tests: a.tests + s.tests,
    wall: a.wall + s.wall,
    runner: a.runner + s.runner,
    browser: a.browser + s.browser,
    app: a.app + s.app,
    pg: a.pg + s.pg,
  }),
  { tests: 0, wall: 0, runner: 0, browser: 0, app: 0, pg: 0 },
);
console.log(
  `\n${all.tests} tests in ${rows.length} files, ${workers} worker(s), ${wallS.toFixed(0)} s wall. ` +
    `In the tests: runner ${s1(all.runner)} CPU s, Chromium ${s1(all.browser)}; ` +
    `the app ${s1(runApp)} and PostgreSQL ${s1(runPg)} from the first test to the last` +
    (workers > 1 ? " (per spec only with one worker: the CPU column then leaves them out)" : "") +
    `. Everything Playwright's process waited for: ${runCpuS.toFixed(1)} CPU s (a floor: processes it did not wait for are missing).`,
);
const summary = /^\s+\d+ (passed|failed|flaky|skipped).*$/gm;
console.log((text.match(summary) ?? []).join("\n"));
if (code !== 0) console.log(err.split("\n").slice(-20).join("\n"));
process.exit(code ?? 1);
