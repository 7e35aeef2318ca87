import type { Page } from "@playwright/test";
import { seedThree } from "./support/feed-seed";
import { expect, refuseLive, seed, signIn, test } from "./support/fixtures";

/**
 * Quiet polling on /home (the spec's intervals stay: feed and badge every 10 s): an unchanged
 * poll is a bodiless 304, nothing at all is asked while the tab is hidden, and both ask at once
 * when it is shown again.
 */
test.describe.configure({ timeout: 120_000 });

async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((value) => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (value ? "hidden" : "visible"),
    });
    // Browsers fire it on the document and it bubbles to window (where TanStack Query listens).
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  }, hidden);
}

test("feed and badge polls cost a 304 when unchanged, stop while hidden and run at once when shown", async ({
  page,
}) => {
  await page.route("https://www.instagram.com/**", (route) => route.abort());
  await seedThree();
  const reader = await seed.user();
  // The badge's poll is what this spec watches: no live connection to stand it still.
  await refuseLive(page);
  await signIn(page, reader.token);
  const polls: { path: string; status: number; bytes: number; at: number; etag: boolean }[] = [];
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/api/posts/feed") && url.pathname !== "/api/notifications") return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const etag = !!(await response.request().headerValue("if-none-match"));
    polls.push({ path: url.pathname, status: response.status(), bytes: body.length, at: Date.now(), etag });
  });
  // The page's timers run on Playwright's clock: the 10 s periods pass without waiting for them.
  await page.clock.install();
  await page.goto("/home");
  await expect(page.getByTestId("feed-card").first()).toBeVisible();

  // One 10 s period: the feed refresh asks "changed since?" (other tests may be posting, so its
  // 304 is proven in src/features/posts/feed-poll.test.ts) and the unchanged badge is a 304.
  await page.clock.runFor(10_500);
  await expect
    .poll(() => polls.some((p) => p.path === "/api/posts/feed" && p.etag), { timeout: 15_000 })
    .toBe(true);
  await expect
    .poll(() => polls.some((p) => p.path === "/api/notifications" && p.status === 304), { timeout: 15_000 })
    .toBe(true);
  for (const poll of polls.filter((p) => p.status === 304)) expect(poll.bytes).toBe(0);

  // Hidden for 25 s of the page's time (two and a half periods): not one request. The real
  // second after it lets a request the timers might have started reach the network.
  await setHidden(page, true);
  const hiddenAt = Date.now();
  await page.clock.runFor(25_000);
  await page.waitForTimeout(1_000);
  expect(polls.filter((p) => p.at > hiddenAt + 200)).toEqual([]);

  // Shown again: both ask at once, well before the next 10 s tick.
  const shownAt = Date.now();
  await setHidden(page, false);
  await expect
    .poll(() => new Set(polls.filter((p) => p.at >= shownAt).map((p) => p.path)).size, { timeout: 3_000 })
    .toBe(2);
});
