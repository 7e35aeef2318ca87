import type { Page } from "@playwright/test";
import { expect, screenshots, seed, test, uniqueName } from "./support/fixtures";

/**
 * Server rendering: the public pages carry their full content in the HTML and work with
 * JavaScript off; hydration adds interactivity without a mismatch (the fixture fails a test on
 * any hydration error).
 */
let admin: Awaited<ReturnType<typeof seed.user>>;
let tag: string;
let clubA: { id: number; name: string };
let clubB: { id: number; name: string };
let evil: { id: number; name: string };

/** The top clubs are cached for 10 s by the server: reload until the new clubs are in. */
async function gotoLandingWithMarquee(page: Page) {
  await expect(async () => {
    await page.goto("/");
    await expect(page.getByTestId("marquee")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000, intervals: [500, 1000, 2000] });
}

test.beforeAll(async () => {
  admin = await seed.user({ role: "admin" });
  tag = uniqueName("tag");
  clubA = await seed.club(admin.token, {
    name: `Robotics ${uniqueName("")}`,
    description: "We build robots after class.",
    profile_description: "Every Saturday in the lab.\nBring curiosity.",
    tags: `${tag},science`,
    region: "León",
    president: "Ana Pérez",
  });
  clubB = await seed.club(admin.token, {
    name: `Chess ${uniqueName("")}`,
    description: "Openings, endgames and tournaments.",
    tags: "games",
  });
  evil = await seed.club(admin.token, {
    name: "<script>alert(1)</script>",
    description: "</script><script>window.__pwned = true</script> & <b>bold</b>",
    tags: tag,
  });
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("/ shows the hero, the feature cards and the top clubs", async ({ page }) => {
    await gotoLandingWithMarquee(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your club. Find your people.");
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("link", { name: "Explore Clubs" })).toHaveAttribute("href", "/clubs");
    await expect(page.locator(".feature-card")).toHaveCount(3);
    await expect(page.getByTestId("top-clubs")).toBeVisible();
    await expect(page.getByTestId("marquee").locator(".marquee__link").first()).toHaveAttribute(
      "href",
      /^\/clubs\/\d+$/,
    );
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();
  });

  test("/clubs lists clubs with member counts, and the GET search form filters", async ({ page }) => {
    await page.goto("/clubs");
    await expect(page.getByTestId("club-card").first()).toBeVisible();
    // The list is paged (24 a page) and shared with other specs: find this spec's clubs by tag.
    await page.goto(`/clubs?tag=${tag}`);
    await expect(page.getByRole("heading", { name: clubA.name })).toBeVisible();
    await expect(page.getByTestId("club-card").filter({ hasText: clubA.name })).toContainText("0 members");
    await page.goto("/clubs");
    await page.getByLabel("Search clubs").fill(clubB.name);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/clubs\?q=/);
    await expect(page.getByRole("heading", { name: clubB.name })).toBeVisible();
    await expect(page.getByRole("heading", { name: clubA.name })).toHaveCount(0);
    // The tags sit under the Filters disclosure (a native <details>: no JavaScript needed).
    await page.getByText("Filters", { exact: true }).click();
    // The most used tags show first; with other specs' clubs about, this one may sit under "More tags".
    const tagLink = page.getByRole("link", { name: tag, exact: true });
    if (!(await tagLink.isVisible())) await page.getByText(/^More tags/).click();
    await tagLink.click();
    await expect(page).toHaveURL(new RegExp(`tag=${tag}`));
  });

  test("/clubs/{id} shows the club and its tabs are links", async ({ page }) => {
    await page.goto(`/clubs/${clubA.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(clubA.name);
    await expect(page.getByText("We build robots after class.")).toBeVisible();
    await expect(page.getByText("Ana Pérez")).toBeVisible();
    await page.getByRole("tab", { name: "Members" }).click();
    await expect(page).toHaveURL(/tab=members/);
    await expect(page.getByRole("tab", { name: "Members" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("No members yet.")).toBeVisible();
  });

  test("an unknown club says Club not found", async ({ page }) => {
    const response = await page.goto("/clubs/999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Club not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "All clubs" })).toHaveAttribute("href", "/clubs");
  });
});

test("a club name containing <script> is shown as text, everywhere", async ({ page }) => {
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto(`/clubs?tag=${tag}`);
  await expect(page.getByRole("heading", { name: "<script>alert(1)</script>" })).toBeVisible();
  await page.goto(`/clubs/${evil.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("<script>alert(1)</script>");
  await expect(page.getByText("</script><script>window.__pwned = true</script> & <b>bold</b>")).toBeVisible();
  // Hydrated (the router took over) and nothing ran.
  await page.getByRole("tab", { name: "Connect" }).click();
  await expect(page.getByRole("tab", { name: "Connect" })).toHaveAttribute("aria-selected", "true");
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
  const html = await (await page.request.get(`/clubs/${evil.id}`)).text();
  expect(html).not.toContain("<script>alert(1)</script>");
  expect(html).not.toContain("<script>window.__pwned");
});

test("the marquee scrolls in a 28 s loop with the list duplicated, pauses on hover, stops for reduced motion", async ({
  page,
}) => {
  // The suite runs with reduced motion (playwright.config.ts); this spec is about the motion.
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await gotoLandingWithMarquee(page);
  const track = page.locator(".marquee__track");
  await expect(track).toBeVisible();
  await expect(page.getByTestId("marquee-copy")).toHaveAttribute("aria-hidden", "true");
  const lists = page.locator(".marquee__list");
  await expect(lists).toHaveCount(2);
  expect(await lists.nth(0).locator("li").count()).toBe(await lists.nth(1).locator("li").count());
  const style = await track.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      duration: s.animationDuration,
      iterations: s.animationIterationCount,
      state: s.animationPlayState,
    };
  });
  expect(style).toEqual({ duration: "28s", iterations: "infinite", state: "running" });
  await page.getByTestId("marquee").hover();
  await expect.poll(() => track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe("paused");
  await screenshots(page, "landing");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await expect.poll(() => track.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
});

for (const [label, reply] of [
  ["empty", { status: 200, body: "[]" }],
  ["failing", { status: 500, body: '{"detail":"boom"}' }],
] as const) {
  test(`the marquee is hidden when the top clubs are ${label}`, async ({ page }) => {
    await page.goto("/clubs");
    await page.route("**/public/top-clubs", (route) =>
      route.fulfill({ status: reply.status, body: reply.body, contentType: "application/json" }),
    );
    // Client-side navigation: the browser's loader makes the call.
    await page.getByRole("link", { name: "ClubNica" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your club. Find your people.");
    await expect(page.getByTestId("top-clubs")).toHaveCount(0);
    await expect(page.locator(".feature-card")).toHaveCount(3);
  });
}

test("screenshots of the public pages", async ({ page }) => {
  await page.goto(`/clubs?tag=${tag}`);
  await expect(page.getByRole("heading", { name: clubA.name })).toBeVisible();
  await screenshots(page, "clubs");
  await page.goto(`/clubs/${clubA.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(clubA.name);
  await screenshots(page, "club-detail");
});
