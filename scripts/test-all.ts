/**
 * `bun run test`: every test. Unit and integration tests (`bun test`, real PostgreSQL), then the
 * browser tests (Playwright, real Chromium). Ends with the line CI reads: `N passed, M failed`.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";

function run(cmd: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawnSync(cmd, {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, ...env },
  });
  const out = proc.stdout.toString();
  const err = proc.stderr.toString();
  process.stdout.write(out);
  process.stderr.write(err);
  return { code: proc.exitCode ?? 1, text: out + err };
}

let passed = 0;
let failed = 0;

const unit = run(["bun", "test", "--timeout", "60000"]);
const pass = /^\s*(\d+) pass\s*$/m.exec(unit.text);
const fail = /^\s*(\d+) fail\s*$/m.exec(unit.text);
passed += Number(pass?.[1] ?? 0);
failed += Number(fail?.[1] ?? 0);
if (unit.code !== 0 && !fail) failed += 1;

const reportFile = "test-results/e2e-report.json";
rmSync(reportFile, { force: true });
const e2e = existsSync("playwright.config.ts")
  ? run(["bunx", "playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile })
  : { code: 0, text: "" };
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
  failed += report.stats?.unexpected ?? 0;
  if (e2e.code !== 0 && !(report.stats?.unexpected > 0)) failed += 1;
} else if (e2e.code !== 0) {
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || unit.code !== 0 || e2e.code !== 0 ? 1 : 0);
