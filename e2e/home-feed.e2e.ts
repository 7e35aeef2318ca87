import { seedThree } from "./support/feed-seed";
import { expect, pageFor, seed, signIn, test, uniqueName } from "./support/fixtures";
import { shootScreen } from "./support/screen-shots";

/**
 * /home puts posts first (issue 18): the sort options share one row on a 360 px phone (the
 * layout buttons join them from 640 px, where list and grid look different), and each card
 * shows its club's picture and name, the post's image when it has one, and its counts.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 360, height: 780 } });

test("sort (and layout, where it changes anything) sit in one row; cards show the club's avatar, the image and the counts", async ({
  page,
  browser,
}) => {
  const { tag } = await seedThree();
  const reader = await seed.user();
  await signIn(page, reader.token);
  await page.goto("/home?sort=newest");
  await expect(page.getByRole("radio", { name: "Newest" })).toBeChecked();

  // One row: every sort option shares a line, inside the screen. Below 640 px list and grid are
  // the same single column, so the layout buttons (which would change nothing) are not shown.
  const sorts = ["Most Relevant", "Newest", "Most Liked"].map((name) =>
    page.getByRole("radio", { name }).locator(".."),
  );
  const boxes = await Promise.all(sorts.map((locator) => locator.boundingBox()));
  for (const box of boxes) {
    expect(box).not.toBeNull();
    expect(Math.abs(box!.y - boxes[0]!.y)).toBeLessThan(4);
  }
  expect(boxes[2]!.x + boxes[2]!.width).toBeLessThanOrEqual(360);
  await expect(page.getByRole("button", { name: "List" })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
  // The first post starts on the first screen.
  const first = page.getByTestId("feed-card").first();
  expect((await first.boundingBox())!.y).toBeLessThan(400);

  const alpha = page.getByTestId("feed-card").filter({ hasText: `Alpha ${tag}` });
  await expect(alpha.locator(".feed-card__club .avatar")).toBeVisible();
  await expect(alpha.locator("img.feed-card__image")).toBeVisible();
  await expect(alpha).toContainText("1 like");
  await expect(alpha).toContainText("5 comments");
  const bravo = page.getByTestId("feed-card").filter({ hasText: `Bravo ${tag}` });
  await expect(bravo.locator(".feed-card__club .avatar")).toBeVisible();
  await expect(bravo.locator("img.feed-card__image")).toHaveCount(0);
  await expect(bravo).toContainText("0 comments");

  // From 640 px the layout buttons join the row, as icons that keep their names.
  await page.setViewportSize({ width: 700, height: 780 });
  const wide = await Promise.all(
    [sorts[0]!, page.getByRole("button", { name: "Grid" }), page.getByRole("button", { name: "List" })].map(
      (locator) => locator.boundingBox(),
    ),
  );
  for (const box of wide) expect(Math.abs(box!.y - wide[0]!.y)).toBeLessThan(4);
  await page.getByRole("button", { name: "List" }).click();
  await expect(page.getByTestId("feed")).toHaveAttribute("data-layout", "list");
  await page.setViewportSize({ width: 360, height: 780 });

  await shootScreen(browser, { name: "home", path: "/home?sort=newest", user: reader });
});

test("in Spanish every sort option shows whole in one row, at 360 and 1280 px", async ({ browser }) => {
  // No posts of its own: the shared seed owner's post budget (RATE_POSTS_PER_ACCOUNT) is for the
  // tests that need them, and the row is the same over any feed.
  const reader = await seed.user();
  for (const width of [360, 1280]) {
    const page = await pageFor(browser, reader, "es-NI");
    await page.setViewportSize({ width, height: 780 });
    await page.goto("/home");
    await expect(page.getByRole("radio", { name: "Relevantes" })).toBeChecked();
    const options = ["Relevantes", "Recientes", "Populares"].map((name) =>
      page.getByRole("radio", { name }).locator(".."),
    );
    const boxes = await Promise.all(options.map((option) => option.boundingBox()));
    // The row ends where the layout buttons start (wide screens) or at the screen's edge.
    const list = page.getByRole("button", { name: "Lista" });
    const end = width >= 640 ? (await list.boundingBox())!.x : width;
    for (const [i, box] of boxes.entries()) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `option ${i + 1} at ${width} px`).toBeLessThanOrEqual(end);
      expect(Math.abs(box!.y - boxes[0]!.y)).toBeLessThan(4);
      // Not clipped by the strip it sits in.
      expect(await options[i]!.locator("span").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await page.context().close();
  }
});

test("at 1280 px in Spanish the top bar fits with the longest username (it ends in an ellipsis)", async ({
  browser,
}) => {
  const reader = await seed.user({
    username: `u${uniqueName("largo").toLowerCase()}`.padEnd(32, "x").slice(0, 32),
  });
  const page = await pageFor(browser, reader, "es-NI");
  await page.setViewportSize({ width: 1280, height: 780 });
  await page.goto("/home");
  const greeting = page.getByTestId("greeting");
  await expect(greeting).toBeVisible();
  // The whole name stays the link's accessible name even where the bar shows it cut.
  await expect(greeting).toHaveText(new RegExp(reader.username));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);
  await page.context().close();
});
