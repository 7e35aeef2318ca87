import { expect, screenshots, seed, test, uniqueName } from "./support/fixtures";

/**
 * On a phone the tag filter must not push the clubs off the screen: it sits under the Filters
 * disclosure of the one filter row; opened, the 8 most-used tags are chips, the rest fold into
 * a native "More tags (N)" disclosure, which opens by itself when the chosen tag is one of the
 * folded ones, and works without JavaScript.
 */
const rare = uniqueName("rare");

test.beforeAll(async () => {
  const owner = await seed.user({ role: "owner" });
  // Ten distinct tags used once each: more tags than fit, whatever other specs created.
  const tags = Array.from({ length: 10 }, (_, i) => `${rare}${i}`);
  for (const [i, tag] of tags.entries()) {
    await seed.club(owner.token, { name: `${rare} club ${i}`, description: "Tag fold test.", tags: tag });
  }
});

for (const javaScriptEnabled of [true, false]) {
  test(`only 8 tag chips show; the rest fold into "More tags" (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled,
      locale: "en-US",
      viewport: { width: 360, height: 800 },
    });
    const page = await context.newPage();
    await page.goto("/clubs");
    // The first club card is on screen above the fold, not pushed down by tags.
    const card = page.getByTestId("club-card").first();
    expect((await card.boundingBox())?.y ?? 9999).toBeLessThan(800);
    const filter = page.getByRole("navigation", { name: "Filter by tag" });
    await expect(filter).toBeHidden();
    await page.getByText("Filters", { exact: true }).click();
    const visibleChips = filter.locator(":scope > ul > li");
    await expect(visibleChips).toHaveCount(9); // "All tags" + 8
    const more = filter.locator("details.tag-filter__more");
    await expect(more).not.toHaveAttribute("open", /.*/);
    const summary = more.locator("summary");
    await expect(summary).toHaveText(/^More tags \(\d+\)$/);
    const folded = Number(/\((\d+)\)/.exec((await summary.textContent()) ?? "")?.[1]);
    expect(folded).toBeGreaterThanOrEqual(2);
    await expect(more.locator("li")).toHaveCount(folded);
    // A folded tag, chosen through the disclosure, keeps the disclosure open on the next page.
    await summary.click();
    const hidden = more.getByRole("link").first();
    const name = (await hidden.textContent()) ?? "";
    await hidden.click();
    await expect(page).toHaveURL(new RegExp(`tag=${encodeURIComponent(name)}`));
    // The choice folds the filters away; opened again, they show it.
    await expect(filter).toBeHidden();
    await page.getByText("Filters (1)", { exact: true }).click();
    await expect(page.locator("details.tag-filter__more")).toHaveAttribute("open", "");
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
    await screenshots(page, `clubs-tags-folded-js-${javaScriptEnabled ? "on" : "off"}`);
    await context.close();
  });
}
