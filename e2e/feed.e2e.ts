import type { Route } from "@playwright/test";
import { order, seedThree } from "./support/feed-seed";
import { expect, seed, shot, signIn, test } from "./support/fixtures";

/**
 * The /home feed (issue 8): the three sorts, grid/list remembered, the post dialog's focus and
 * Instagram fallback, new posts waiting behind a button, empty and error states.
 */

// Seeding three posts with likes and comments through the API takes a few seconds.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  // No internet in tests: Instagram's embed script must fail fast and leave the link.
  await page.route("https://www.instagram.com/**", (route) => route.abort());
});

test("the three sorts, grid or list remembered, and the post dialog", async ({ page }) => {
  const { tag, c } = await seedThree();
  const reader = await seed.user();
  await signIn(page, reader.token);
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "What's New" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Most Relevant" })).toBeChecked();
  await expect.poll(() => order(page, tag)).toEqual(["A", "B", "C"]);
  await shot(page, "home-feed");

  await page.getByRole("radio", { name: "Newest" }).check();
  await expect(page).toHaveURL(/sort=newest/);
  await expect.poll(() => order(page, tag)).toEqual(["C", "B", "A"]);
  await page.getByRole("radio", { name: "Most Liked" }).check();
  await expect(page).toHaveURL(/sort=liked/);
  await expect.poll(() => order(page, tag)).toEqual(["B", "C", "A"]);

  // List view, remembered after a reload.
  await page.getByRole("button", { name: "List" }).click();
  await expect(page.getByTestId("feed")).toHaveAttribute("data-layout", "list");
  await page.reload();
  await expect(page.getByTestId("feed")).toHaveAttribute("data-layout", "list");
  await expect(page.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
  await shot(page, "home-feed-list");

  // The dialog: focus inside, Instagram as a link offline, Esc closes and focus returns.
  const card = page.getByTestId("feed-card").filter({ hasText: `Charlie ${tag}` });
  const opener = card.getByRole("button", { name: `Open post: Charlie ${tag}` });
  await opener.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]post=${c.id}$`));
  await expect(dialog.getByRole("heading", { name: `Charlie ${tag}` })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  // Instagram's embed page in a sandboxed frame, never its embed.js in this page.
  const frame = dialog.locator("iframe.instagram-embed__frame");
  await expect(frame).toHaveAttribute("src", "https://www.instagram.com/p/CxYz12345/embed/");
  await expect(frame).toHaveAttribute("sandbox", /allow-scripts/);
  expect(await frame.getAttribute("sandbox")).not.toContain("allow-top-navigation");
  await expect(dialog.getByRole("link", { name: "View this post on Instagram" })).toHaveAttribute(
    "href",
    "https://www.instagram.com/p/CxYz12345/",
  );
  const scripts = await page.evaluate(() =>
    [...document.scripts].map((s) => s.src).filter((src) => src && new URL(src).origin !== location.origin),
  );
  expect(scripts).toEqual([]);
  // Tab stays inside the dialog.
  for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await expect(page).not.toHaveURL(/[?&]post=/);
});

test("new posts wait behind a button while the reader keeps their place", async ({ page }) => {
  const { owner, club, tag } = await seedThree();
  const reader = await seed.user();
  await signIn(page, reader.token);
  await page.goto("/home?sort=newest");
  await expect(page.getByTestId("feed-card").filter({ hasText: tag }).first()).toBeVisible();
  // A new member's "For you" block loads on its own above the feed: let it settle first. It
  // appears only once the profile says she is new (useIsNewMember), after the feed may have
  // drawn, so wait for it to be there and done, not merely for no "Loading…" (which an absent
  // block also satisfies: CI once measured before it came and saw the feed move 16.875 px).
  const forYou = page.getByTestId("suggested-clubs");
  await expect(forYou).toBeVisible();
  await expect(forYou.getByText("Loading…", { exact: true })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 200));
  const anchor = page.getByTestId("feed-card").filter({ hasText: tag }).first();
  const before = await anchor.evaluate((el) => el.getBoundingClientRect().top);
  await seed.post(owner.token, {
    club_id: String(club.id),
    title: `Delta ${tag}`,
    content: "Just in.",
  });
  const banner = page.getByRole("button", { name: /^Show \d+ new posts?$/ });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("feed-card").filter({ hasText: `Delta ${tag}` })).toHaveCount(0);
  // The reader's place did not move. Layout works in 1/64 px units and a late repaint above the
  // list can shift it by one of them (CI saw 621.859 against 621.875): under a pixel is no move,
  // while a post slipped in above would push it by a whole card.
  const after = await anchor.evaluate((el) => el.getBoundingClientRect().top);
  expect(Math.abs(after - before)).toBeLessThan(1);
  await banner.click();
  await expect(page.getByTestId("feed-card").filter({ hasText: `Delta ${tag}` })).toBeVisible();
  // Newest first: the post that just came in leads the feed.
  await expect(page.getByTestId("feed-card").filter({ hasText: tag }).first()).toContainText(`Delta ${tag}`);
});

test("a new member's blocks above the feed come first: late ones never push the feed down", async ({
  page,
}) => {
  const { tag } = await seedThree();
  const reader = await seed.user();
  // A slow phone network: the profile (which says she is new) and her suggestions come back
  // well after the feed. Drawn first, the feed would be pushed down by the blocks above it.
  const late = (ms: number) => async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  };
  await page.route("**/api/users/me", late(800));
  await page.route("**/api/clubs/suggested?*", late(1600));
  await signIn(page, reader.token);
  await page.goto("/home?sort=newest");
  const anchor = page.getByTestId("feed-card").filter({ hasText: tag }).first();
  await expect(anchor).toBeVisible();
  const top = () => anchor.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const first = await top();
  const forYou = page.getByTestId("suggested-clubs");
  await expect(forYou).toBeVisible();
  await expect(forYou.getByText("Loading…", { exact: true })).toHaveCount(0);
  expect(Math.abs((await top()) - first)).toBeLessThan(1);
});

test("an empty feed offers the clubs; a failing one says so and retries", async ({ page }) => {
  const reader = await seed.user();
  await signIn(page, reader.token);
  await page.route("**/api/posts/feed**", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: "[]" }),
  );
  await page.goto("/home");
  await expect(page.getByTestId("feed-empty")).toContainText("No posts yet.");
  await expect(page.getByRole("link", { name: "Browse clubs" })).toBeVisible();
  await shot(page, "home-feed-empty");
  await page.unroute("**/api/posts/feed**");

  await page.route("**/api/posts/feed**", (route) => route.fulfill({ status: 500, body: "{}" }));
  // Without the page cookie (issue 50) the server sends the skeleton and the browser loads the
  // feed itself, which is the failure this checks (with it, the server would draw the feed).
  await page.context().clearCookies({ name: "session" });
  await page.goto("/home?sort=liked");
  await expect(page.getByText("Failed to load feed")).toBeVisible();
  await page.unroute("**/api/posts/feed**");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("feed-empty").or(page.getByTestId("feed"))).toBeVisible();
});
