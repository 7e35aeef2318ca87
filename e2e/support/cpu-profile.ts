import { appendFileSync } from "node:fs";
import { parentPid, processCpuMs, treeCpuMs } from "../../test/proc-cpu";
import { stackState } from "./state";

/**
 * CPU seconds per spec (E2E_PROFILE=<file.jsonl>, scripts/bench/e2e-cpu.ts): the runner and the
 * browser it drives (this worker process and its descendants), the app, and PostgreSQL, measured
 * around each test, teardown included. The app and PostgreSQL are shared by the workers: their
 * figures are the test's own only with one worker (the script's default); with more, the script
 * reports them for the whole run.
 */
export type SpecCpu = {
  file: string;
  title: string;
  wallMs: number;
  runnerCpuMs: number;
  browserCpuMs: number;
  appCpuMs: number;
  pgCpuMs: number;
  /** The app's and PostgreSQL's running totals before and after: with several workers the
   * tests overlap, and only the whole run's app and PostgreSQL CPU (last minus first) adds up. */
  totals: { appBefore: number; appAfter: number; pgBefore: number; pgAfter: number };
};

let postmaster: number | null | undefined;

async function findPostmaster(query: (text: string) => Promise<{ pid: number }[]>): Promise<number | null> {
  const [row] = await query("select pg_backend_pid() as pid");
  return row ? parentPid(row.pid) : null;
}

function sample() {
  const runner = processCpuMs(process.pid, false);
  return {
    wall: performance.now(),
    runner,
    browser: treeCpuMs(process.pid) - runner,
    app: treeCpuMs(stackState().appPid),
    pg: postmaster ? treeCpuMs(postmaster) : 0,
  };
}

/** Runs `body` (the test with its fixtures) and appends its figures to E2E_PROFILE. */
export async function profileTest(
  outFile: string,
  test: { file: string; title: string },
  query: (text: string) => Promise<{ pid: number }[]>,
  body: () => Promise<void>,
) {
  postmaster ??= await findPostmaster(query);
  const before = sample();
  try {
    await body();
  } finally {
    const after = sample();
    const row: SpecCpu = {
      ...test,
      wallMs: Math.round(after.wall - before.wall),
      runnerCpuMs: Math.round(after.runner - before.runner),
      browserCpuMs: Math.round(after.browser - before.browser),
      appCpuMs: Math.round(after.app - before.app),
      pgCpuMs: Math.round(after.pg - before.pg),
      totals: { appBefore: before.app, appAfter: after.app, pgBefore: before.pg, pgAfter: after.pg },
    };
    appendFileSync(outFile, `${JSON.stringify(row)}\n`);
  }
}
