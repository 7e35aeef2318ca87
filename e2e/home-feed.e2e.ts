import { seedThree } from "./support/feed-seed";
import { expect, seed, signIn, test } from "./support/fixtures";
import { shootScreen } from "./support/screen-shots";

/**
 * /home puts posts first (issue 18): sort and layout share one row on a 360 px phone, and each
 * card shows its club's picture and name, the post's image when it has one, and its counts.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 360, height: 780 } });

test("sort and layout sit in one row; cards show the club's avatar, the image and the counts", async ({
  page,
  browser,
}) => {
  const { tag } = await seedThree();
  const reader = await seed.user();
  await signIn(page, reader.token);
  await page.goto("/home?sort=newest");
  await expect(page.getByRole("radio", { name: "Newest" })).toBeChecked();

  // One row: every sort option and both layout buttons share a line, inside the screen.
  const boxes = await Promise.all(
    [
      page.getByRole("radio", { name: "Most Relevant" }).locator(".."),
      page.getByRole("radio", { name: "Most Liked" }).locator(".."),
      page.getByRole("button", { name: "Grid" }),
      page.getByRole("button", { name: "List" }),
    ].map((locator) => locator.boundingBox()),
  );
  for (const box of boxes) {
    expect(box).not.toBeNull();
    expect(Math.abs(box!.y - boxes[0]!.y)).toBeLessThan(4);
  }
  expect(boxes[3]!.x + boxes[3]!.width).toBeLessThanOrEqual(360);
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

  // The layout buttons keep their names while they show as icons.
  await page.getByRole("button", { name: "List" }).click();
  await expect(page.getByTestId("feed")).toHaveAttribute("data-layout", "list");

  await shootScreen(browser, { name: "home", path: "/home?sort=newest", user: reader });
});
