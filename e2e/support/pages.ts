import { type Browser, expect, type Page } from "@playwright/test";
import { keepScreenshot } from "./keep-screenshot";
import type { SeedUser } from "./seed-api";
import { stackState } from "./state";

/** Pages for the specs: signing a browser in, screenshots, a second person's browser, waits. */

/** Puts the token where the app keeps it, before any page script runs. */
export async function signIn(page: Page, token: string) {
  await page.addInitScript((t) => {
    // Init scripts run in every frame too; an embedded (sandboxed, other-origin) frame has no
    // business with the app's storage and may not even read it.
    if (window !== window.top) return;
    if (!sessionStorage.getItem("__e2e_signed_in")) {
      localStorage.setItem("token", t);
      sessionStorage.setItem("__e2e_signed_in", "1");
    }
  }, token);
}

/**
 * After a navigation: the app has taken the page over (a signed-in page is drawn by the server
 * now, and a click or a focus on that HTML before hydration is lost or moved), and the web font
 * has come (its swap re-wraps text, moving what a spec measures). Pages that never hydrate (a
 * JSON answer, a file) end the wait at once; a page whose hydration fails is left to the spec's
 * own assertions and to the hydration-error check below.
 */
async function settled(page: Page) {
  await page
    .waitForFunction(
      () => (window as { $_TSR?: unknown }).$_TSR === undefined && document.fonts.status === "loaded",
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => {});
}

/**
 * Makes `page.goto` and `page.reload` wait until the page is settled (above), except a goto that
 * asks to act at "commit" (the specs of input typed before the app takes over). Every spec's
 * `page` has it (fixtures.ts), and so has a second person's browser (`pageFor`): acting on the
 * server's HTML before hydration raced the app (a region picked on /events was put back).
 */
export function settleNavigations(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    if (args[1]?.waitUntil !== "commit") await settled(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await settled(page);
    return response;
  };
  return page;
}

/** Saves a full-page screenshot at phone (360 px) and desktop (1280 px) widths. */
export async function screenshots(page: Page, name: string) {
  const original = page.viewportSize();
  for (const [label, width] of [
    ["phone", 360],
    ["desktop", 1280],
  ] as const) {
    await page.setViewportSize({ width, height: label === "phone" ? 740 : 800 });
    await page.waitForTimeout(150);
    await keepScreenshot(page, { path: `e2e/screenshots/${name}-${label}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Screenshots from the top with nothing focused, so sticky bars and focus rings sit still; on
 * the way, nothing may scroll sideways on a 360 px phone (design brief).
 */
export async function shot(page: Page, name: string) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scroll`).toBe(
    360,
  );
  if (original) await page.setViewportSize(original);
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur?.();
  });
  await screenshots(page, name);
}

/**
 * A second signed-in browser (its own context), for walk-throughs between two people. English
 * like the specs' default browser (playwright.config.ts), unless a locale is given.
 */
export async function pageFor(browser: Browser, user: SeedUser, locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stackState().baseURL,
    viewport: { width: 1280, height: 800 },
    locale,
    extraHTTPHeaders: { "accept-language": `${locale},${locale.split("-")[0]};q=0.9` },
  });
  const page = settleNavigations(await context.newPage());
  page.on("pageerror", (error) => {
    throw error;
  });
  await signIn(page, user.token);
  return page;
}

/**
 * Refuses the live connection's upgrade (`/api/live`), as a proxy without WebSockets does: the
 * app falls back to the spec's polls (docs/live.md). For specs about the polls themselves; the
 * live path has its own (e2e/live-chat.e2e.ts).
 */
export async function refuseLive(page: Page) {
  await page.routeWebSocket(/\/api\/live$/, (ws) => ws.close());
}

/** A student's phone in Nicaragua: Spanish, 360 px wide (`test.use(SPANISH_PHONE)`). */
export const SPANISH_PHONE = {
  locale: "es-NI",
  extraHTTPHeaders: { "accept-language": "es-NI,es;q=0.9" },
  viewport: { width: 360, height: 740 },
};

/**
 * Waits until the page has hydrated (the router deletes its bootstrap data then). A link
 * clicked before that does a full navigation instead of opening its dialog. (Text typed into an
 * account form before then is kept: early-input.e2e.ts.)
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as { $_TSR?: unknown }).$_TSR === undefined);
}
