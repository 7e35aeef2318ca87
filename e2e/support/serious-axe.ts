import { expect, type Page } from "@playwright/test";
import { runAxe } from "./axe-run";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe (WCAG 2.x A/AA and best-practice rules) on the page, or on one part of it, and fails
 * on any serious or critical violation, naming the rule and the elements.
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string, include?: string) {
  // A dialog fades in (160 ms): colours measured mid-fade are blends, and contrast "fails" at
  // random. Running animations finish first, as a person would see the screen.
  // (An endless one, like the landing page's marquee, never finishes and is left running.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await runAxe(page, { runOnly: { type: "tag", values: TAGS } }, include);
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  expect(serious, `${where}: serious axe violations`).toEqual([]);
}
