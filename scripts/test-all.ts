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
 * of stage 1's processes ends (TEST_SERIAL=1: one after another). The order is
 * scripts/test-schedule.ts's.
 * `--gates` (.ci/run): the gates (lint, typecheck, manifests, one production build:
 * scripts/test-gates.ts) run beside the tests; the unit stage starts with them, the browser stage
 * when the build has passed, and a failed gate counts as a failure in the last line.
 * TEST_PROCESSES=1 runs stage 1 in one process (for a comparison); TEST_STAGES=unit,deploy
 * runs only the stages named.
 * CLUBNICA_SHARED_BUILD=1 (set by `--gates`, after its one `bun run build`): the image and the
 * browser tests reuse that build instead of building again.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { ciGates } from "./test-gates";
import { browserFailureLines } from "./test-report";
import { addTallies as add, NO_TESTS, runSchedule, type Tally } from "./test-schedule";
import { listTestFiles, orderForStart, readTimings, splitByDuration } from "./test-split";

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

const runStartedAt = performance.now();
const since = (at: number) => ((performance.now() - at) / 1000).toFixed(0);

/** The stage's tally, how long it took, and when it ended (seconds into the run: the schedule). */
function report(stage: string, tally: Tally, startedAt: number) {
  console.log(
    `== ${stage}: ${tally.passed} passed, ${tally.failed} failed (${since(startedAt)} s, ended at ${since(runStartedAt)} s)`,
  );
}

const BUN_TEST = ["bun", "test", "--timeout", "60000"];
/**
 * TEST_SAMPLE=k runs every k-th file of each stage (a k-th of the run, in the same shape) to try
 * the schedule without the whole run's cost (scripts/bench/ci-timeline.ts). Unset in CI.
 */
const SAMPLE = Number(process.env.TEST_SAMPLE ?? 1);
const sample = (files: string[]) => (SAMPLE > 1 ? files.filter((_, i) => i % SAMPLE === 0) : files);
const listSpecFiles = () => [...new Bun.Glob("e2e/**/*.e2e.ts").scanSync({ cwd: "." })].sort();
/**
 * Beside the browser stage, the other two run at a lower CPU priority (`nice`): the browser
 * stage is the longest, so the CPU it waits for lengthens the whole run, while the other two
 * have time to spare and take what it leaves idle. TEST_NICE sets the niceness (0: none).
 */
let besideBrowser: string[] = [];

/**
 * The deployment stage's length as a share of the unit stage's files: in the last fresh-clone
 * runs it took 100 to 118 s (160 s once) beside unit processes of 452 to 567 s each, about a
 * fifth of one process, a tenth of the whole.
 */
const DEPLOY_SHARE_OF_UNIT = 0.1;
/**
 * How much of each process's estimate runs first as its shortest files (orderForStart): about the
 * first 40 s of CI wall, while the build and the browser stage start.
 */
const LEAD_SHARE = 0.08;

/**
 * `onFirstDone` is called when the first of the processes ends: the deployment tests take its
 * place there, so the machine keeps the load it had (two `bun test` processes beside the
 * browser stage) instead of idling on one process's tail and then running them alone. When they
 * follow, the first process gets that much less to do, so it ends that much sooner and both
 * lanes end together (with equal halves the deployment tests ran on alone after both, the last
 * part of every run).
 */
async function runUnitTests(onFirstDone: () => void, deployFollows: boolean): Promise<Tally> {
  const startedAt = performance.now();
  const files = sample(listTestFiles(".").filter((file) => !file.startsWith("test/deploy/")));
  const processes = Number(process.env.TEST_PROCESSES ?? 2);
  const reserve = deployFollows ? DEPLOY_SHARE_OF_UNIT : 0;
  const timings = readTimings("test/timings.json");
  const halves = splitByDuration(files, timings, processes, reserve);
  console.log(
    `== unit and integration tests: ${files.length} files in ${halves.length} processes (${halves
      .map((half) => `${half.files.length} files, ~${Math.round(half.estimateMs / 1000)} s`)
      .join(" | ")})`,
  );
  // Both at once; each prints its whole output when it ends, so the logs do not interleave.
  const running = halves.map((half) =>
    run([...besideBrowser, ...BUN_TEST, ...orderForStart(half.files, timings, LEAD_SHARE)]),
  );
  void Promise.race(running).then(onFirstDone);
  const results = await Promise.all(running);
  let tally: Tally = NO_TESTS;
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
  const files =
    SAMPLE > 1 ? sample(listTestFiles("test/deploy")).map((f) => `./test/deploy/${f}`) : ["./test/deploy/"];
  const result = await run([...besideBrowser, ...BUN_TEST, ...files]);
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
  if (!existsSync("playwright.config.ts")) return NO_TESTS;
  const startedAt = performance.now();
  console.log("== browser tests (Playwright)");
  const reportFile = "test-results/e2e-report.json";
  rmSync(reportFile, { force: true });
  const shared: Record<string, string> =
    process.env.CLUBNICA_SHARED_BUILD === "1" ? { E2E_SKIP_BUILD: "1" } : {};
  // Playwright reads its arguments as patterns of the spec files' paths: each anchored to one file.
  const specs = SAMPLE > 1 ? sample(listSpecFiles()).map((f) => `/${f.replaceAll(".", "\\.")}$`) : [];
  const result = await run(["bunx", "playwright", "test", ...specs], {
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
// TEST_SERIAL=1 runs the gates and stages one after another (for a comparison, or a machine with
// one core); otherwise scripts/test-schedule.ts starts each as soon as what it needs is there.
const serial = process.env.TEST_SERIAL === "1";
// `--gates` (.ci/run): lint, typecheck, the manifests and one production build run beside the
// tests, and the browser and deployment stages take that build instead of building again.
const withGates = process.argv.includes("--gates");
if (withGates) process.env.CLUBNICA_SHARED_BUILD = "1";
const niceness = Number(process.env.TEST_NICE ?? 10);
const nice = niceness > 0 ? ["nice", "-n", String(niceness)] : [];
if (stages.includes("browser") && !serial) besideBrowser = nice;
// The gates other than the build only have to end before the tests do: at the lowest priority
// they take the CPU the tests leave idle, and the unit tests beside them meet no more contention
// than they meet beside the browser stage.
const gateNice = niceness > 0 ? ["nice", "-n", "19"] : [];
const { total, failures: missed } = await runSchedule({
  gates: withGates ? ciGates(serial ? [] : gateNice) : [],
  stages: {
    unit: stages.includes("unit")
      ? (firstDone) => runUnitTests(firstDone, stages.includes("deploy") && !serial)
      : undefined,
    deploy: stages.includes("deploy") ? runDeployTests : undefined,
    browser: stages.includes("browser") ? runBrowserTests : undefined,
  },
  serial,
});
for (const line of missed) failures.add(line);
if (failures.size > 0) console.log(`== failed:\n${[...failures].join("\n")}`);
// CI keeps only the end of a run's output: each failed browser test's error, again, here.
if (browserErrors.length > 0) console.log(`== browser failures, first lines:\n${browserErrors.join("\n")}`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.ok && total.failed === 0 ? 0 : 1);
