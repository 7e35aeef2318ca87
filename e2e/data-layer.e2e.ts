import { club, join, member } from "./support/community-seed";
import { expect, refuseLive, signIn, test } from "./support/fixtures";

/**
 * The browser's server data goes through one query cache (client/lib/use-resource.ts): the
 * unread count is polled by one poller per tab whatever the screen, and "my connections" is one
 * cache entry that the screens showing it share.
 */
test.describe.configure({ timeout: 120_000 });

test("the unread count is polled once per tab, and my connections is shared between screens", async ({
  page,
}) => {
  const owner = await member("owner");
  const someone = await member();
  const theClub = await club(owner, `Chess ${Date.now()}`);
  await join(someone, owner, theClub.id);

  const calls: { path: string; at: number }[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === "/api/notifications" || pathname === "/api/my-connections") {
      calls.push({ path: pathname, at: Date.now() });
    }
  });
  const count = (path: string) => calls.filter((c) => c.path === path).length;

  // The polls themselves are what this spec counts: no live connection to stand them still.
  await refuseLive(page);
  await signIn(page, someone.token);
  // The page's timers run on Playwright's clock: the poll periods pass without waiting for them.
  await page.clock.install();
  await page.goto("/my-clubs");
  await expect(page.getByTestId("my-club")).toContainText(theClub.name);
  const started = Date.now();

  // Client-side navigation between screens that show the badge (and my connections).
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: /^Clubs$/ }).click();
  await expect(page).toHaveURL(/\/clubs$/);
  await nav.getByRole("link", { name: /^My Clubs$/ }).click();
  // The cached list shows at once (no skeleton wait) and is shared, not fetched per component.
  await expect(page.getByTestId("my-club")).toContainText(theClub.name);
  await nav.getByRole("link", { name: /^Home$/ }).click();
  await expect(page).toHaveURL(/\/home/);

  // Three poll periods: one poller fetches about once per 10 s, however many screens rendered.
  // Period by period: each ends with the poller's request answered (a second poller would
  // double the count below).
  for (let period = 0; period < 3; period++) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/notifications");
    await page.clock.runFor(10_000);
    await answered;
  }
  const polls = calls.filter((c) => c.path === "/api/notifications" && c.at >= started).length;
  expect(polls).toBeGreaterThanOrEqual(2);
  expect(polls).toBeLessThanOrEqual(4);
  // Two visits to My Clubs: at most one request each (the second revalidates the shared entry).
  expect(count("/api/my-connections")).toBeLessThanOrEqual(2);
  expect(count("/api/my-connections")).toBeGreaterThanOrEqual(1);
});
