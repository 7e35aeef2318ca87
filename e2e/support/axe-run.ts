import type { Page } from "@playwright/test";
import axe from "axe-core";

type AxeWindow = { axe?: typeof axe };

/**
 * axe-core run in the page under test, through axe's own public API (`axe.source`, `axe.run`):
 * the rules and results of @axe-core/playwright's AxeBuilder, for less of the browser's CPU
 * (docs/testing.md). AxeBuilder evaluated axe's 550 kB source two or three times per check (in
 * the page, in each frame again, and in a blank page it opened, a new renderer process, to merge
 * the frames' partial results); here it is evaluated once per document and frame, and `axe.run`
 * merges the frames' results itself over axe's frame messenger. Frames of any origin answer it,
 * as they answered AxeBuilder's partial runs: axe is put into each one.
 */
export async function runAxe(page: Page, options: axe.RunOptions, include?: string): Promise<axe.AxeResults> {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => (window as AxeWindow).axe !== undefined)) continue;
      // As a string, so it runs as the DevTools protocol runs it: the page's CSP (no eval) does not apply.
      await frame.evaluate(axe.source);
      await frame.evaluate(() =>
        (window as AxeWindow).axe?.configure({ allowedOrigins: ["<unsafe_all_origins>"] }),
      );
    } catch {
      // A frame that went away or cannot run scripts: axe.run reports what it could not reach.
    }
  }
  return page.evaluate(
    ([selector, opts]) => {
      const run = (window as AxeWindow).axe;
      if (!run) throw new Error("axe-core did not load in the page");
      return run.run(selector ? { include: [selector] } : document, opts);
    },
    [include ?? null, options] as const,
  );
}
