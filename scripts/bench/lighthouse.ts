/**
 * Lighthouse mobile on the public pages (issue 17; /events since issue 50), on the production build with the demo
 * data, in Debian's Chromium (headless):
 *   bun scripts/bench/lighthouse.ts          (RUNS=5 per page, default 3; CHROMIUM_PATH)
 *   CPU_SLOWDOWN=1 bun scripts/bench/lighthouse.ts   (Lighthouse's calibration for a slow host)
 * Lighthouse's default mobile settings: Moto G class screen, simulated slow 4G and a 4× slower
 * CPU. The machine's load skews the simulated CPU time, so each page runs several times and the
 * median is printed (with the load average and Lighthouse's CPU benchmark index). Lighthouse's
 * 4× assumes a desktop host (benchmark index 1500-2000) and aims at a mid-tier phone (125-800);
 * on a host already in that range its docs (docs/throttling.md, "Calibrating the CPU slowdown")
 * say to lower the multiplier, which CPU_SLOWDOWN does; the default stays Lighthouse's. Then each page's opportunities and failing SEO
 * audits from its median run, and Chromium's own installability check (Lighthouse 12 dropped
 * its PWA category). Each page's median report is written to dist/lighthouse/ (open it in the
 * Lighthouse viewer) for the details. Figures to compare with the issue's targets, never a
 * pass/fail test.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM, FLAGS, installability } from "./data/browser";
import { firstPublicClub } from "./data/demo";
import { startStack } from "./data/stack";

const REPORTS_DIR = resolve(import.meta.dir, "../../dist/lighthouse");
const CPU_SLOWDOWN = process.env.CPU_SLOWDOWN ? Number(process.env.CPU_SLOWDOWN) : undefined;
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
type Run = { performance: number; seo: number; lhr: Lhr };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const score = (lhr: Lhr, key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100);

async function runOnce(port: number, url: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "seo"],
    ...(CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError)
    throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  return { performance: score(result.lhr, "performance"), seo: score(result.lhr, "seo"), lhr: result.lhr };
}

/** What Lighthouse says to fix on the page: opportunities with savings, failing SEO audits. */
function advice(lhr: Lhr): string[] {
  const lines: string[] = [];
  const perfRefs = new Set(lhr.categories.performance?.auditRefs.map((r) => r.id));
  for (const audit of Object.values(lhr.audits)) {
    if (!perfRefs.has(audit.id) && !audit.id.includes("insight")) continue;
    if (audit.score === null || audit.score >= 0.9) continue;
    if (METRICS.some(([id]) => id === audit.id)) continue;
    const details = audit.details as { overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
    const ms = details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? audit.metricSavings?.FCP;
    const bytes = details?.overallSavingsBytes;
    const saving = [ms ? `${Math.round(ms)} ms` : "", bytes ? `${Math.round(bytes / 1024)} KB` : ""]
      .filter(Boolean)
      .join(", ");
    lines.push(
      `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}${saving ? ` saves ${saving}` : ""}`,
    );
  }
  for (const ref of lhr.categories.seo?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (audit && audit.score !== null && audit.score < 1) lines.push(`SEO: ${audit.id}: ${audit.title}`);
  }
  return lines;
}

async function measure(port: number, label: string, url: string) {
  const runs: Run[] = [];
  // A run Lighthouse itself fails (a timeout on the loaded machine) is reported and left out.
  for (let i = 0; i < RUNS; i += 1) {
    await runOnce(port, url).then(
      (run) => runs.push(run),
      (error: Error) => console.log(`  ${label}: ${error.message}`),
    );
  }
  if (runs.length === 0) return;
  const byPerformance = [...runs].sort((a, b) => a.performance - b.performance);
  const middle = byPerformance[Math.floor(runs.length / 2)] as Run;
  const metrics = METRICS.map(([id, name]) => {
    const values = runs.map((r) => r.lhr.audits[id]?.numericValue ?? 0);
    const value = median(values);
    return `${name} ${id === "cumulative-layout-shift" ? value.toFixed(3) : `${(value / 1000).toFixed(2)} s`}`;
  });
  console.log(
    `  ${label.padEnd(14)} performance ${String(median(runs.map((r) => r.performance))).padStart(3)} ` +
      `(runs ${runs.map((r) => r.performance).join(" ")}; CPU benchmark ${median(runs.map((r) => r.lhr.environment.benchmarkIndex))})  SEO ${median(runs.map((r) => r.seo))}  ${metrics.join("  ")}`,
  );
  for (const line of advice(middle.lhr)) console.log(`      ${line}`);
  const name = label === "/" ? "landing" : label.replace(/^\//, "").replaceAll("/", "-");
  await writeFile(join(REPORTS_DIR, `${name}.json`), JSON.stringify(middle.lhr));
}

const stack = await startStack();
try {
  const { baseURL } = stack;
  const club = await firstPublicClub(baseURL);
  const pages: [string, string][] = [
    ["/", `${baseURL}/`],
    ["/clubs", `${baseURL}/clubs`],
    [`/clubs/${club}`, `${baseURL}/clubs/${club}`],
    ["/events", `${baseURL}/events`],
  ];

  console.log("\nInstallability (Chromium's own check after the service worker is ready)");
  for (const [label, url] of pages) {
    const errors = await installability(url);
    console.log(
      `  ${label.padEnd(14)} ${errors.length ? `NOT installable: ${errors.join(", ")}` : "installable"}`,
    );
  }

  await mkdir(REPORTS_DIR, { recursive: true });
  const load = loadavg().map((n) => n.toFixed(2));
  const cpu = CPU_SLOWDOWN
    ? `CPU slowdown ${CPU_SLOWDOWN}× (calibrated)`
    : "Lighthouse's default CPU slowdown 4×";
  console.log(`\nLighthouse ${RUNS}× per page, medians; ${cpu} (load average ${load.join(" ")})`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...FLAGS],
  });
  try {
    for (const [label, url] of pages) await measure(chrome.port, label, url);
  } finally {
    chrome.kill();
  }
  console.log(
    `  (load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")})`,
  );
} finally {
  await stack.stop();
}
