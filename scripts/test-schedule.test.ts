import { describe, expect, test } from "bun:test";
import { type Gate, runSchedule, type Tally } from "./test-schedule";

/**
 * CI used to run its five gates first and start the tests only when the slowest had ended, while
 * the unit tests need none of them and the browser tests only the build: the two cores idled
 * through the gates' tail (issue 47). These drive the schedule with parts that end when the test
 * says, and record what had started at each step.
 */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const passed = (n: number): Tally => ({ passed: n, failed: 0, ok: true });
/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

function world() {
  const started: string[] = [];
  const gate = (name: string, build = false) => {
    const done = deferred<{ ok: boolean; log: string; seconds: number }>();
    const g: Gate = {
      name,
      title: name,
      build,
      run: () => {
        started.push(name);
        return done.promise;
      },
    };
    return {
      g,
      pass: () => done.resolve({ ok: true, log: `${name} ok`, seconds: 1 }),
      fail: (log: string) => done.resolve({ ok: false, log, seconds: 1 }),
    };
  };
  const stage = (name: string) => {
    const done = deferred<Tally>();
    return {
      run: () => {
        started.push(name);
        return done.promise;
      },
      end: (tally: Tally) => done.resolve(tally),
    };
  };
  const lines: string[] = [];
  return { started, gate, stage, lines, print: (line: string) => lines.push(line) };
}

describe("runSchedule", () => {
  test("the unit tests start with the gates; the browser tests when the build passes, not after the slowest gate", async () => {
    const w = world();
    const lint = w.gate("lint");
    const typecheck = w.gate("typecheck");
    const build = w.gate("build", true);
    const unit = w.stage("unit");
    const browser = w.stage("browser");
    let firstDone = () => {};
    const run = runSchedule({
      gates: [lint.g, typecheck.g, build.g],
      stages: {
        unit: (done) => {
          firstDone = done;
          return unit.run();
        },
        browser: browser.run,
      },
      print: w.print,
    });
    await settle();
    expect(w.started).toEqual(["lint", "typecheck", "build", "unit"]);
    build.pass();
    await settle();
    expect(w.started).toContain("browser");
    lint.pass();
    typecheck.pass();
    firstDone();
    unit.end(passed(3));
    browser.end(passed(2));
    const { total, failures } = await run;
    expect(total).toEqual({ passed: 5, failed: 0, ok: true });
    expect(failures).toEqual([]);
  });

  test("the deployment tests wait for the build and for the first unit process to end", async () => {
    const w = world();
    const build = w.gate("build", true);
    const unit = w.stage("unit");
    const deploy = w.stage("deploy");
    let firstDone = () => {};
    const run = runSchedule({
      gates: [build.g],
      stages: {
        unit: (done) => {
          firstDone = done;
          return unit.run();
        },
        deploy: deploy.run,
      },
      print: w.print,
    });
    firstDone();
    await settle();
    expect(w.started).not.toContain("deploy");
    build.pass();
    await settle();
    expect(w.started).toContain("deploy");
    unit.end(passed(1));
    deploy.end(passed(1));
    expect((await run).total).toEqual({ passed: 2, failed: 0, ok: true });
  });

  test("with no gates the deployment tests start when the first unit process ends", async () => {
    const w = world();
    const unit = w.stage("unit");
    const deploy = w.stage("deploy");
    let firstDone = () => {};
    const run = runSchedule({
      gates: [],
      stages: {
        unit: (done) => {
          firstDone = done;
          return unit.run();
        },
        deploy: deploy.run,
      },
      print: w.print,
    });
    await settle();
    expect(w.started).toEqual(["unit"]);
    firstDone();
    await settle();
    expect(w.started).toEqual(["unit", "deploy"]);
    unit.end(passed(1));
    deploy.end(passed(1));
    expect((await run).total.passed).toBe(2);
  });

  test("a failed gate counts as a failure with its log; the stages that need a failed build do not run and count too", async () => {
    const w = world();
    const lint = w.gate("lint");
    const build = w.gate("build", true);
    const unit = w.stage("unit");
    const deploy = w.stage("deploy");
    const browser = w.stage("browser");
    const run = runSchedule({
      gates: [lint.g, build.g],
      stages: {
        unit: (done) => {
          done();
          return unit.run();
        },
        deploy: deploy.run,
        browser: browser.run,
      },
      print: w.print,
    });
    lint.fail("src/x.ts: lint/style/useConst");
    build.fail("error: could not resolve ./missing");
    unit.end(passed(7));
    const { total, failures } = await run;
    expect(w.started).not.toContain("deploy");
    expect(w.started).not.toContain("browser");
    // Two gates and the two stages that could not run: the last line must not say "0 failed".
    expect(total).toEqual({ passed: 7, failed: 4, ok: false });
    expect(failures).toEqual([
      "(gate) lint failed",
      "(gate) build failed",
      "(not run) browser tests: the production build failed",
      "(not run) deployment tests: the production build failed",
    ]);
    expect(w.lines).toContain("src/x.ts: lint/style/useConst");
    expect(w.lines).toContain("error: could not resolve ./missing");
    expect(w.lines.some((line) => line.startsWith("== lint FAILED"))).toBe(true);
  });

  test("a gate whose command cannot start still fails the run", async () => {
    const w = world();
    const run = runSchedule({
      gates: [{ name: "k8s", title: "k8s", run: () => Promise.reject(new Error("spawn failed")) }],
      stages: {},
      print: w.print,
    });
    expect((await run).total).toEqual({ passed: 0, failed: 1, ok: false });
  });

  test("serial: each part waits for the one before", async () => {
    const w = world();
    const lint = w.gate("lint");
    const build = w.gate("build", true);
    const unit = w.stage("unit");
    const deploy = w.stage("deploy");
    const browser = w.stage("browser");
    const run = runSchedule({
      gates: [lint.g, build.g],
      stages: { unit: unit.run, deploy: deploy.run, browser: browser.run },
      serial: true,
      print: w.print,
    });
    await settle();
    expect(w.started).toEqual(["lint"]);
    lint.pass();
    await settle();
    expect(w.started).toEqual(["lint", "build"]);
    build.pass();
    await settle();
    expect(w.started).toEqual(["lint", "build", "unit"]);
    unit.end(passed(1));
    await settle();
    expect(w.started).toEqual(["lint", "build", "unit", "deploy"]);
    deploy.end(passed(1));
    await settle();
    expect(w.started).toEqual(["lint", "build", "unit", "deploy", "browser"]);
    browser.end(passed(1));
    expect((await run).total).toEqual({ passed: 3, failed: 0, ok: true });
  });
});
