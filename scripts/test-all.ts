/**
 * `bun run test`: every test, in three stages, each printing its own tally:
 * 1. unit and integration tests (`bun test`, real PostgreSQL) in two processes at once: each
 *    file has its own database, so the files are split into two halves of about equal past
 *    duration (test/timings.json; see scripts/test-split.ts);
 * 2. the deployment tests (test/deploy: real processes, the simulated image), on their own;
 * 3. the browser tests (Playwright, real Chromium).
 * Ends with the line CI reads: `N passed, M failed`. A failure anywhere fails the run.
 *
 * Stage 3 starts with stage 1 and runs beside stages 1 and 2; stage 2 starts as soon as the first
 * of stage 1's processes ends (TEST_SERIAL=1: one after another).
 * TEST_PROCESSES=1 runs stage 1 in one process (for a comparison); TEST_STAGES=unit,deploy
 * runs only the stages named.
 * CLUBNICA_SHARED_BUILD=1 (set by .ci/run after its one `bun run build`): the image and the
 * browser tests reuse that build instead of building again.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { browserFailureLines } from "./test-report";
import { listTestFiles, readTimings, splitByDuration } from "./test-split";

type Tally = { passed: number; failed: number; ok: boolean };

/**
 * The names of the tests that failed, printed again just above the last line: a CI record may
 * keep only the tail of a long log, and a failure's name must survive in it.
 */
const failures = new Set<string>();

function noteBunFailures(text: string) {
  for (const line of text.split("\n")) if (line.startsWith("(fail) ")) failures.add(line);
}

async function run(cmd: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, out, err, text: out + err };
}

/** `N pass` / `M fail` of one `bun test` process; a process that ended without them counts a failure. */
function bunTally(result: { code: number; text: string }): Tally {
  const pass = /^\s*(\d+) pass\s*$/m.exec(result.text);
  const fail = /^\s*(\d+) fail\s*$/m.exec(result.text);
  let failed = Number(fail?.[1] ?? 0);
  if (result.code !== 0 && failed === 0) failed += 1;
  return { passed: Number(pass?.[1] ?? 0), failed, ok: result.code === 0 && failed === 0 };
}

function add(a: Tally, b: Tally): Tally {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, ok: a.ok && b.ok };
}

function report(stage: string, tally: Tally, startedAt: number) {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0);
  console.log(`== ${stage}: ${tally.passed} passed, ${tally.failed} failed (${seconds} s)`);
}

const BUN_TEST = ["bun", "test", "--timeout", "60000"];
/**
 * Beside the browser stage, the other two run at a lower CPU priority (`nice`): the browser
 * stage is the longest, so the CPU it waits for lengthens the whole run, while the other two
 * have time to spare and take what it leaves idle. TEST_NICE sets the niceness (0: none).
 */
let besideBrowser: string[] = [];

/**
 * `onFirstDone` is called when the first of the processes ends: the deployment tests take its
 * place there, so the machine keeps the load it had (two `bun test` processes beside the
 * browser stage) instead of idling on one process's tail and then running them alone.
 */
async function runUnitTests(onFirstDone?: () => void): Promise<Tally> {
  const startedAt = performance.now();
  const files = listTestFiles(".").filter((file) => !file.startsWith("test/deploy/"));
  const processes = Number(process.env.TEST_PROCESSES ?? 2);
  const halves = splitByDuration(files, readTimings("test/timings.json"), processes);
  console.log(
    `== unit and integration tests: ${files.length} files in ${halves.length} processes (${halves
      .map((half) => `${half.files.length} files, ~${Math.round(half.estimateMs / 1000)} s`)
      .join(" | ")})`,
  );
  // Both at once; each prints its whole output when it ends, so the logs do not interleave.
  const running = halves.map((half) => run([...besideBrowser, ...BUN_TEST, ...half.files]));
  if (onFirstDone) void Promise.race(running).then(onFirstDone);
  const results = await Promise.all(running);
  let tally: Tally = { passed: 0, failed: 0, ok: true };
  results.forEach((result, i) => {
    console.log(`-- process ${i + 1} of ${results.length}`);
    process.stdout.write(result.out);
    process.stderr.write(result.err);
    tally = add(tally, bunTally(result));
    noteBunFailures(result.text);
  });
  report("unit and integration tests", tally, startedAt);
  return tally;
}

async function runDeployTests(): Promise<Tally> {
  const startedAt = performance.now();
  const result = await run([...besideBrowser, ...BUN_TEST, "./test/deploy/"]);
  // Printed whole when done, as the unit tests' processes are: the two stages may overlap.
  console.log("== deployment tests (test/deploy)");
  process.stdout.write(result.out);
  process.stderr.write(result.err);
  const tally = bunTally(result);
  noteBunFailures(result.text);
  report("deployment tests", tally, startedAt);
  return tally;
}

const browserErrors: string[] = [];

async function runBrowserTests(): Promise<Tally> {
  if (!existsSync("playwright.config.ts")) return { passed: 0, failed: 0, ok: true };
  const startedAt = performance.now();
  console.log("== browser tests (Playwright)");
  const reportFile = "test-results/e2e-report.json";
  rmSync(reportFile, { force: true });
  const shared: Record<string, string> =
    process.env.CLUBNICA_SHARED_BUILD === "1" ? { E2E_SKIP_BUILD: "1" } : {};
  const result = await run(["bunx", "playwright", "test"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
    ...shared,
  });
  process.stdout.write(result.out);
  process.stderr.write(result.err);
  let tally: Tally = { passed: 0, failed: 0, ok: result.code === 0 };
  if (existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, "utf8"));
    const stats = report.stats ?? {};
    browserErrors.push(...browserFailureLines(report));
    tally = {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: stats.unexpected ?? 0,
      ok: tally.ok,
    };
  }
  if (!tally.ok && tally.failed === 0) tally.failed = 1;
  for (const line of result.out.split("\n")) if (/^\s+✘ /.test(line)) failures.add(`(e2e) ${line.trim()}`);
  report("browser tests", tally, startedAt);
  return tally;
}

// TEST_STAGES=unit,deploy runs only those stages (all three when unset).
const stages = (process.env.TEST_STAGES ?? "unit,deploy,browser").split(",");
// The browser stage runs alongside the other two: it is the longest, and its specs spend part of
// their time waiting on the app, time the unit and deployment tests fill. TEST_SERIAL=1 runs the
// stages one after another (for a comparison, or a machine with one core).
const serial = process.env.TEST_SERIAL === "1";
const browser = stages.includes("browser") && !serial ? runBrowserTests() : null;
const niceness = Number(process.env.TEST_NICE ?? 10);
if (browser && niceness > 0) besideBrowser = ["nice", "-n", String(niceness)];
let total: Tally = { passed: 0, failed: 0, ok: true };
let deploy: Promise<Tally> | undefined;
const startDeploy = () => {
  deploy ??= runDeployTests();
  return deploy;
};
const deployEarly = stages.includes("deploy") && !serial;
if (stages.includes("unit")) total = add(total, await runUnitTests(deployEarly ? startDeploy : undefined));
if (stages.includes("deploy")) total = add(total, await startDeploy());
if (browser) total = add(total, await browser);
else if (stages.includes("browser")) total = add(total, await runBrowserTests());
if (failures.size > 0) console.log(`== failed:\n${[...failures].join("\n")}`);
// CI keeps only the end of a run's output: each failed browser test's error, again, here.
if (browserErrors.length > 0) console.log(`== browser failures, first lines:\n${browserErrors.join("\n")}`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.ok && total.failed === 0 ? 0 : 1);
