import type { Page } from "@playwright/test";

/**
 * Screenshots are for people: the screens to look at on a 360 px phone and at 1280 px before
 * calling one done (design brief), under e2e/screenshots/. No assertion reads them. Encoding
 * about 460 full-page PNGs (56 MB) a run cost the browser stage a good share of its CPU, so
 * E2E_SCREENSHOTS=off (.ci/run, where nothing keeps the files) skips writing them; every step
 * around them (navigation, the state shown, the no-sideways-scroll check) still runs.
 */
const screenshotsWanted = process.env.E2E_SCREENSHOTS !== "off";

export async function keepScreenshot(page: Page, options: { path: string; fullPage?: boolean }) {
  if (screenshotsWanted) await page.screenshot(options);
}
