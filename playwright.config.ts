import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * Browser tests: real Chromium against the real app (production bundle), a real PostgreSQL and
 * a real SMTP capture, all started by e2e/global-setup.ts. Specs are e2e/**\/*.e2e.ts (so
 * `bun test` never picks them up); they seed their own data through the API.
 */
// Workers inherit this, so the whole run shares one stack-state file and one artifacts folder,
// apart from any other run started at the same time in this working tree.
process.env.E2E_RUN_ID ??= String(process.pid);

const executablePath =
  process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

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
  workers: 2,
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
    trace: "retain-on-failure",
    // The app's service worker would sit between pages and page.route() interception; the specs
    // that test it (e2e/installable.e2e.ts) allow it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
});
