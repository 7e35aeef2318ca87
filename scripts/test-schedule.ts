/**
 * When each part of a CI run starts (scripts/test-all.ts): the gates (lint, typecheck, …, the
 * production build) and the three test stages. Kept apart from the processes it starts so its
 * order can be tested (scripts/test-schedule.test.ts).
 *
 * Nothing waits for more than it needs, so the two cores do not idle while work is left:
 * - every gate and the unit stage start at once (the unit tests read no build output; their apps
 *   run from the sources and render without the browser bundle when it is missing);
 * - the browser stage starts when the build gate has passed (it serves that build);
 * - the deployment stage starts when the build gate has passed and the first unit process has
 *   ended (its simulated image copies the build; beside both other stages at full strength its
 *   timed drains ran out, docs/testing.md);
 * - a failed gate counts one failure, and the stages that need a failed build do not run (one
 *   more failure each, so the last line never reads "0 failed" without them).
 * With `serial`, each part waits for the one before (gates, unit, deployment, browser).
 */

export type Tally = { passed: number; failed: number; ok: boolean };

export type GateResult = { ok: boolean; log: string; seconds: number };

export type Gate = {
  name: string;
  title: string;
  /** The production build: the browser and deployment stages wait for it. */
  build?: boolean;
  run: () => Promise<GateResult>;
};

export type Stages = {
  /** `firstDone` is called when the first of the unit stage's processes ends. */
  unit?: (firstDone: () => void) => Promise<Tally>;
  deploy?: () => Promise<Tally>;
  browser?: () => Promise<Tally>;
};

export const NO_TESTS: Tally = { passed: 0, failed: 0, ok: true };

export function addTallies(a: Tally, b: Tally): Tally {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, ok: a.ok && b.ok };
}

/** Runs the gates and stages as described above; returns the sum and the failures to repeat at the end. */
export async function runSchedule({
  gates,
  stages,
  serial = false,
  print = console.log,
}: {
  gates: Gate[];
  stages: Stages;
  serial?: boolean;
  print?: (line: string) => void;
}): Promise<{ total: Tally; failures: string[] }> {
  const failures: string[] = [];
  const gateFailures: Tally = { passed: 0, failed: 0, ok: true };
  const runGate = async (gate: Gate) => {
    const result = await gate
      .run()
      .catch((error: unknown): GateResult => ({ ok: false, log: `${String(error)}\n`, seconds: 0 }));
    // Printed whole when it ends: the stages print only when they end too, so nothing interleaves.
    print(`== ${gate.title}${result.ok ? "" : " FAILED"} (${result.seconds.toFixed(0)} s)`);
    if (result.log) print(result.log.replace(/\n$/, ""));
    if (!result.ok) {
      failures.push(`(gate) ${gate.title} failed`);
      gateFailures.failed += 1;
      gateFailures.ok = false;
    }
    return result.ok;
  };

  // Each gate's promise settles true when it passed; the build's is what two stages wait for.
  const gatesDone: Promise<boolean>[] = [];
  let buildPassed: Promise<boolean> = Promise.resolve(true);
  if (serial) {
    let allPassed = true;
    for (const gate of gates) allPassed = (await runGate(gate)) && allPassed;
    buildPassed = Promise.resolve(allPassed);
  } else {
    for (const gate of gates) {
      const done = runGate(gate);
      gatesDone.push(done);
      if (gate.build) buildPassed = done;
    }
  }

  const notRun = (stage: string): Tally => {
    failures.push(`(not run) ${stage}: the production build failed`);
    print(`== ${stage}: not run, the production build failed`);
    return { passed: 0, failed: 1, ok: false };
  };
  const afterBuild = async (stage: string, run: () => Promise<Tally>) =>
    (await buildPassed) ? run() : notRun(stage);

  let total: Tally = NO_TESTS;
  if (serial) {
    if (stages.unit) total = addTallies(total, await stages.unit(() => {}));
    if (stages.deploy) total = addTallies(total, await afterBuild("deployment tests", stages.deploy));
    if (stages.browser) total = addTallies(total, await afterBuild("browser tests", stages.browser));
  } else {
    const browser = stages.browser ? afterBuild("browser tests", stages.browser) : null;
    let releaseDeploy = () => {};
    const unitFirstDone = new Promise<void>((resolve) => {
      releaseDeploy = resolve;
    });
    const unit = stages.unit ? stages.unit(releaseDeploy) : null;
    // One process, or none: the deployment tests wait for the whole unit stage at most.
    if (unit) void unit.finally(releaseDeploy);
    else releaseDeploy();
    // The deployment tests take the place of the first unit process to end, once the build is there.
    const deploy = stages.deploy
      ? unitFirstDone.then(() => afterBuild("deployment tests", stages.deploy as () => Promise<Tally>))
      : null;
    for (const stage of [unit, deploy, browser]) if (stage) total = addTallies(total, await stage);
  }
  await Promise.all(gatesDone);
  return { total: addTallies(total, gateFailures), failures };
}
