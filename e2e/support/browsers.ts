import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/**
 * Which Chromium the browser tests drive. Debian packages two builds of the same version:
 * `chromium` (the whole browser; its headless mode runs the full browser process and a GPU
 * process) and `chromium-headless-shell` (the headless-only shell). On this two-core machine
 * the shell took about a third less CPU for the same specs (a 16-test sample: 84 s of
 * Chromium CPU against 54 s), and the browser stage is CPU-bound, so specs run in the shell.
 * The shell has no notifications or Web Push: e2e/push.e2e.ts asks for the whole browser.
 * CHROMIUM_PATH overrides both.
 */
const SHELL = "/usr/lib/chromium/chromium-headless-shell";
const FULL = "/usr/bin/chromium";

function firstPresent(...paths: (string | undefined)[]): string | undefined {
  return paths.find((path) => path && existsSync(path));
}

/** The flags for Chromium on these machines (no sandbox as root, no background traffic); the benchmarks use them too. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Launch options for the specs: the headless shell when installed, else the whole browser. */
export function launchOptions(): LaunchOptions {
  return { executablePath: firstPresent(process.env.CHROMIUM_PATH, SHELL, FULL), args: CHROMIUM_ARGS };
}

/** Launch options for specs that need the whole browser (notifications, Web Push). */
export function fullBrowserLaunchOptions(): LaunchOptions {
  return { executablePath: firstPresent(process.env.CHROMIUM_PATH, FULL), args: CHROMIUM_ARGS };
}
