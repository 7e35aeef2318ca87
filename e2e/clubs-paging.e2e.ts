import { expect, type SeedUser, seed, shot, test, uniqueName } from "./support/fixtures";

/**
 * /clubs pages through long lists with `?page=` (issue 7/8 polish), with and without
 * JavaScript; a new search goes back to page 1.
 */

let owner: SeedUser;

test.beforeAll(async () => {
  owner = await seed.user({ role: "owner" });
});

/** A tag of its own with `count` clubs, so paging is exact whatever else the database holds. */
async function clubsWithTag(count: number) {
  const tag = uniqueName("pg");
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = `Paged ${tag} ${String(i + 1).padStart(2, "0")}`;
    names.push(name);
    await seed.club(owner.token, { name, description: "One of many.", tags: tag });
  }
  return { tag, names };
}

test("/clubs pages 24 at a time with Previous/Next; a new search starts at page 1", async ({ page }) => {
  test.setTimeout(120_000);
  const { tag } = await clubsWithTag(30);
  await page.goto(`/clubs?tag=${tag}`);
  const cards = page.getByTestId("club-card");
  await expect(cards).toHaveCount(24);
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager).toContainText("Page 1 of 2");
  await expect(pager.getByRole("link", { name: "Previous" })).toHaveCount(0);

  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`tag=${tag}.*page=2|page=2.*tag=${tag}`));
  await expect(cards).toHaveCount(6);
  await expect(pager).toContainText("Page 2 of 2");
  await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);
  // The current tag keeps its mark on page 2 (under the Filters disclosure).
  await page.getByText(/^Filters \(1\)$/).click();
  await expect(page.getByRole("link", { name: tag, exact: true })).toHaveAttribute("aria-current", "page");
  await shot(page, "polish-clubs-page-2");

  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(cards).toHaveCount(24);

  // A search from page 2 goes back to page 1.
  await page.goto(`/clubs?tag=${tag}&page=2`);
  await page.getByLabel("Search clubs").fill("Paged");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=Paged/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(pager).toContainText("Page 1 of 2");

  // A page past the end shows the last one; junk is page 1.
  await page.goto(`/clubs?tag=${tag}&page=9`);
  await expect(pager).toContainText("Page 2 of 2");
  await page.goto(`/clubs?tag=${tag}&page=abc`);
  await expect(pager).toContainText("Page 1 of 2");

  // The empty state and its way out stay.
  await page.goto(`/clubs?tag=${tag}&q=${uniqueName("nomatch")}`);
  await expect(page.getByText("No clubs found.")).toBeVisible();
  await expect(pager).toHaveCount(0);
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/clubs$/);
});

test.describe("paging without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Next, Previous and the search form work as plain links and a GET form", async ({ page }) => {
    test.setTimeout(120_000);
    const { tag } = await clubsWithTag(26);
    await page.goto(`/clubs?tag=${tag}`);
    const cards = page.getByTestId("club-card");
    const pager = page.getByRole("navigation", { name: "Pages" });
    await expect(cards).toHaveCount(24);
    await expect(pager).toContainText("Page 1 of 2");
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards).toHaveCount(2);
    await expect(pager).toContainText("Page 2 of 2");
    await shot(page, "polish-clubs-nojs-page-2");

    // The GET form carries q and the tag, never the page.
    await page.getByLabel("Search clubs").fill("Paged");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=Paged/);
    await expect(page).toHaveURL(new RegExp(`tag=${tag}`));
    await expect(page).not.toHaveURL(/page=/);
    await expect(pager).toContainText("Page 1 of 2");

    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(cards).toHaveCount(24);
  });
});
