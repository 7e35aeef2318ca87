/** The browser the benchmarks drive, and Chromium's own installability check. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "../../../e2e/support/browsers";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
// The flags the browser tests use on these machines (no sandbox as root, no background traffic).
export const FLAGS = CHROMIUM_ARGS;
export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/**
 * Chromium's installability errors for a page once its service worker is ready, in a real
 * profile (not incognito, where Chromium never offers to install); none means installable.
 */
export async function installability(url: string): Promise<string[]> {
  const profile = mkdtempSync(join(tmpdir(), "clubnica-install-"));
  const context = await chromium.launchPersistentContext(profile, {
    ...PHONE,
    executablePath: CHROMIUM,
    args: FLAGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    return installabilityErrors.map((e) => e.errorId);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
