import type { Page } from "@playwright/test";
import { member } from "./support/community-seed";
import { expect, pngBlob, seed, signIn, test, uniqueName } from "./support/fixtures";
import { shootScreen } from "./support/screen-shots";

/**
 * /clubs puts content first (issue 18): search, region and tags fold into one row with a
 * Filters disclosure, so a 360×780 phone shows at least two whole club cards on its first
 * screen, signed out and signed in (with + Create Club). Filters work with and without
 * JavaScript, and those in force show as chips that remove them.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 360, height: 780 } });

const word = uniqueName("Filtro");
let owner: Awaited<ReturnType<typeof member>>;

test.beforeAll(async () => {
  owner = await member("owner");
  for (const [i, region] of (["León", "Granada", "Managua"] as const).entries()) {
    await seed.club(owner.token, {
      name: `${word} ${region} club ${i}`,
      description: "Cards on the first screen.",
      tags: `${word}tag,robotics,science`,
      region,
      image: pngBlob(),
    });
  }
});

/** Club cards wholly on the first screen, above anything fixed to its bottom (a tab bar). */
async function cardsOnFirstScreen(page: Page) {
  return page.evaluate(() => {
    const bottomBars = [...document.querySelectorAll("body *")]
      .filter((el) => {
        const rect = el.getBoundingClientRect();
        return (
          getComputedStyle(el).position === "fixed" &&
          rect.bottom >= window.innerHeight - 1 &&
          rect.height < 120
        );
      })
      .map((el) => el.getBoundingClientRect().top);
    const limit = Math.min(window.innerHeight, ...bottomBars);
    return [...document.querySelectorAll('[data-testid="club-card"]')].filter((card) => {
      const rect = card.getBoundingClientRect();
      return rect.top >= 0 && rect.bottom <= limit && rect.left >= 0 && rect.right <= window.innerWidth;
    }).length;
  });
}

test("at 360×780 the first screen shows at least two club cards, for guests and owners", async ({ page }) => {
  await page.goto("/clubs");
  await expect(page.getByTestId("club-card").nth(1)).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await cardsOnFirstScreen(page)).toBeGreaterThanOrEqual(2);
  // The filters are one tap away, not in the way.
  await expect(page.getByRole("navigation", { name: "Filter by tag" })).toBeHidden();

  await signIn(page, owner.token);
  await page.goto("/clubs");
  await expect(page.getByRole("link", { name: "+ Create Club" })).toBeVisible();
  await expect(page.getByTestId("club-card").nth(1)).toBeVisible();
  expect(await cardsOnFirstScreen(page)).toBeGreaterThanOrEqual(2);
});

for (const javaScriptEnabled of [true, false]) {
  test(`region and tag filters fold into Filters and show as removable chips (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled,
      locale: "en-US",
      viewport: { width: 360, height: 780 },
    });
    const page = await context.newPage();
    await page.goto(`/clubs?q=${word}`);
    await expect(page.getByTestId("club-card")).toHaveCount(3);

    await page.getByText("Filters", { exact: true }).click();
    const regions = page.getByRole("navigation", { name: "Filter by region" });
    await expect(regions.getByRole("link", { name: "All regions" })).toHaveAttribute("aria-current", "page");
    await regions.getByRole("link", { name: "León" }).click();
    await expect(page).toHaveURL(/region=Le(%C3%B3|ó)n/);
    await expect(page.getByTestId("club-card")).toHaveCount(1);
    await expect(page.getByTestId("club-card")).toContainText(`${word} León club 0`);
    // The choice folds the filters away, counts on the button and shows as a chip.
    await expect(regions).toBeHidden();
    await expect(page.getByText("Filters (1)", { exact: true })).toBeVisible();
    const active = page.getByRole("list", { name: "Active filters" });
    await expect(active.getByRole("link", { name: "Remove filter León" })).toBeVisible();
    await expect(active.getByRole("link", { name: `Remove filter ${word}` })).toBeVisible();
    expect(await cardsOnFirstScreen(page)).toBe(1);

    // A search keeps the region.
    await page.getByLabel("Search clubs").fill(`${word} Granada`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No clubs found.")).toBeVisible();
    await active.getByRole("link", { name: "Remove filter León" }).click();
    await expect(page).not.toHaveURL(/region=/);
    await expect(page.getByTestId("club-card")).toHaveCount(1);
    await expect(page.getByTestId("club-card")).toContainText(`${word} Granada club 1`);
    await context.close();
  });
}

test("screenshots: /clubs closed and with the filters open", async ({ browser }) => {
  await shootScreen(browser, { name: "clubs", path: "/clubs" });
  await shootScreen(browser, {
    name: "clubs-filters-open",
    path: "/clubs?region=Granada",
    user: owner,
    prepare: async (page) => {
      await page.locator(".club-filters__toggle").click();
    },
  });
});

test("at 360 px in Spanish the search field's placeholder shows whole", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "es-NI",
    extraHTTPHeaders: { "accept-language": "es-NI,es;q=0.9" },
    viewport: { width: 360, height: 780 },
  });
  const page = await context.newPage();
  await page.goto("/clubs");
  const search = page.getByRole("searchbox");
  await expect(search).toHaveAttribute("placeholder", /\S/);
  // The placeholder's text width (in the field's own font) fits the field's content box.
  const fits = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context2d = document.createElement("canvas").getContext("2d")!;
    context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context2d.measureText(input.placeholder).width;
    const box =
      input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { text, box };
  });
  expect(fits.text).toBeLessThanOrEqual(fits.box);
  await context.close();
});
