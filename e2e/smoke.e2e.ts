import { expect, screenshots, test } from "./support/fixtures";

test("the landing page renders on the server and hydrates", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "ClubNica" })).toHaveAttribute("href", "/");
  await page.waitForFunction(() => (window as { $_TSR?: unknown }).$_TSR === undefined);
  await screenshots(page, "landing");
});
