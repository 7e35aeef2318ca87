import type { Browser, Page } from "@playwright/test";
import { type SeedUser, signIn } from "./fixtures";
import { keepScreenshot } from "./keep-screenshot";
import { stackState } from "./state";

/**
 * Screenshots of one screen in English and Spanish, light and dark, at 360 and 1280 px, under
 * e2e/screenshots/screens/ (kept by CI with the others), to look at before calling a screen
 * done. `prepare` brings the page into the state to show (open a menu, choose a file…).
 */
export async function shootScreen(
  browser: Browser,
  options: { name: string; path: string; user?: SeedUser | null; prepare?: (page: Page) => Promise<void> },
) {
  for (const locale of ["en-US", "es-NI"]) {
    const context = await browser.newContext({
      baseURL: stackState().baseURL,
      locale,
      extraHTTPHeaders: { "accept-language": `${locale},${locale.split("-")[0]};q=0.9` },
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    // Leaving a form with changes asks first (beforeunload): the next shot's navigation goes on.
    page.on("dialog", (dialog) => void dialog.accept());
    if (options.user) await signIn(page, options.user.token);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
        await page.goto(options.path);
        await page.waitForLoadState("networkidle");
        if (options.prepare) await options.prepare(page);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
        await keepScreenshot(page, {
          path: `e2e/screenshots/screens/${options.name}-${locale.slice(0, 2)}-${colorScheme}-${width}.png`,
          fullPage: true,
        });
      }
    }
    await context.close();
  }
}
