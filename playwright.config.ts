import { defineConfig } from "@playwright/test";
import { launchOptions } from "./e2e/support/browsers";

/**
 * Browser tests: real Chromium against the real app (production bundle), a real PostgreSQL and
 * a real SMTP capture, all started by e2e/global-setup.ts. Specs are e2e/**\/*.e2e.ts (so
 * `bun test` never picks them up); they seed their own data through the API.
 */
// Workers inherit this, so the whole run shares one stack-state file and one artifacts folder,
// apart from any other run started at the same time in this working tree.
process.env.E2E_RUN_ID ??= String(process.pid);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  globalSetup: "./e2e/global-setup.ts",
  // Per run: Playwright empties its output folder when it starts, which would pull traces out
  // from under a run already going.
  outputDir: `test-results/run-${process.env.E2E_RUN_ID}`,
  // Generous: CI machines here have two cores shared with the app, PostgreSQL and Chromium.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Three on two cores: a spec spends much of its time waiting on the app (polls, debounces,
  // mail), and three kept the CPU about 87% busy where two left it idle a third of the time.
  // E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "test-results/e2e-report.json" }],
  ],
  use: {
    browserName: "chromium",
    // The app's default language is Spanish; these specs check the spec's exact English, so the
    // browser (and API seeding) asks for English. e2e/spanish.e2e.ts switches to es-NI.
    locale: "en-US",
    extraHTTPHeaders: { "accept-language": "en-US,en;q=0.9" },
    viewport: { width: 1280, height: 800 },
    // A failing spec keeps its trace (DOM snapshots of each step, without the screencast, which
    // cost the browser and the runner about a tenth of their CPU). E2E_TRACE=off (.ci/run, where
    // nothing keeps the files) records none: another tenth.
    trace: process.env.E2E_TRACE === "off" ? "off" : { mode: "retain-on-failure", screenshots: false },
    // The app's service worker would sit between pages and page.route() interception; the specs
    // that test it (e2e/installable.e2e.ts) allow it.
    serviceWorkers: "block",
    // As a user who asked for less motion: no animation runs while a spec waits (the landing
    // page's marquee alone kept Chromium painting), and nothing moves under a click. The
    // specs of the animations themselves ask for motion (e2e/public-pages.e2e.ts).
    reducedMotion: "reduce",
    launchOptions: launchOptions(),
  },
});
