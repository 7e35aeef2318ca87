import type { Page } from "@playwright/test";
import { expect, type SeedUser, screenshots, seed, signIn, test, uniqueName } from "./support/fixtures";
import { makePng } from "./support/png";

/**
 * The /home feed and the post dialog (issue 8): the three sorts, grid/list remembered, the
 * 10-second refresh that keeps an open post, optimistic likes reverted on failure, favorites,
 * one view per opened post, comments with their failure texts, admin comment deletion, the
 * Instagram embed falling back to a link offline, empty and error states.
 */

/**
 * Screenshots from the top with nothing focused, so sticky bars and focus rings sit still; on
 * the way, nothing may scroll sideways on a 360 px phone (design brief).
 */
async function shot(page: Page, name: string) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scroll`).toBe(
    360,
  );
  if (original) await page.setViewportSize(original);
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur?.();
  });
  await screenshots(page, name);
}

async function post(token: string, fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const res = await seed.call("/api/posts", { method: "POST", body: form, token });
  if (res.status !== 201) throw new Error(`post failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; title: string };
}

async function react(users: SeedUser[], postId: number, kind: "like" | "favorite") {
  for (const u of users) await seed.call(`/api/posts/${postId}/${kind}`, { method: "POST", token: u.token });
}

async function comment(user: SeedUser, postId: number, content: string) {
  const res = await seed.call(`/api/posts/${postId}/comments`, {
    method: "POST",
    token: user.token,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ content }),
  });
  if (res.status !== 201) throw new Error(`comment failed: ${res.status}`);
  return res.body as { id: number };
}

// Accounts cost two argon2 hashes each: one owner and three fans per worker serve every test
// (each test still makes its own club and posts).
let cached: Promise<{ owner: SeedUser; fans: SeedUser[] }> | null = null;
function cast() {
  cached ??= (async () => ({
    owner: await seed.user({ role: "owner" }),
    fans: await Promise.all([seed.user(), seed.user(), seed.user()]),
  }))();
  return cached;
}

/** Three posts whose order differs under each sort (created A, B, C in that order):
 * Newest C, B, A; Most Liked B (3), C (2), A (1); Most Relevant A (avg 2), B (1), C (0.67). */
async function seedThree() {
  const { owner, fans } = await cast();
  const club = await seed.club(owner.token, { name: uniqueName("Feed club "), description: "Posts." });
  const tag = uniqueName("");
  const a = await post(owner.token, {
    club_id: String(club.id),
    title: `Alpha ${tag}`,
    short_description: "Most talked about",
    content: "Come and see.",
    image: new Blob([new Uint8Array(makePng(320, 180, [0, 103, 198], [255, 191, 71]))], {
      type: "image/png",
    }),
  });
  const b = await post(owner.token, {
    club_id: String(club.id),
    title: `Bravo ${tag}`,
    content: "Liked a lot.",
  });
  const c = await post(owner.token, {
    club_id: String(club.id),
    title: `Charlie ${tag}`,
    content: "Newest one.",
    instagram_url: "instagram.com/p/CxYz12345/",
  });
  await react(fans.slice(0, 1), a.id, "like");
  await react(fans, b.id, "like");
  await react(fans.slice(0, 2), c.id, "like");
  for (let i = 0; i < 5; i++) await comment(fans[i % 3]!, a.id, `Comment ${i + 1}`);
  return { owner, club, fans, tag, a, b, c };
}

async function order(page: Page, tag: string): Promise<string[]> {
  const titles = await page.getByTestId("feed-card").filter({ hasText: tag }).allInnerTexts();
  return titles.map((text) => (/(Alpha|Bravo|Charlie)/.exec(text)?.[1] ?? "?").charAt(0));
}

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
  const opener = card.getByRole("button");
  await opener.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: `Charlie ${tag}` })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  const embed = dialog.locator("blockquote.instagram-media");
  await expect(embed).toHaveAttribute(
    "data-instgrm-permalink",
    /^https:\/\/www\.instagram\.com\/p\/CxYz12345\//,
  );
  await expect(embed.getByRole("link", { name: "View this post on Instagram" })).toHaveAttribute(
    "href",
    "https://www.instagram.com/p/CxYz12345/",
  );
  // Tab stays inside the dialog.
  for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect(c.id).toBeGreaterThan(0);
});

test("likes are optimistic and reverted on failure; a view is counted once", async ({ page }) => {
  const { tag, b, fans } = await seedThree();
  const reader = await seed.user();
  await signIn(page, reader.token);
  let views = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith(`/api/posts/${b.id}/view`)) views += 1;
  });
  await page.goto("/home?sort=liked");
  const card = page.getByTestId("feed-card").filter({ hasText: `Bravo ${tag}` });
  await card.getByRole("button").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("like-count")).toHaveText("3 likes");
  await expect(dialog.getByTestId("view-count")).toHaveText("1 view");

  // Optimistic: the count moves before the (slowed) server answers.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(`**/api/posts/${b.id}/like`, async (route) => {
    await held;
    await route.fallback();
  });
  await dialog.getByTestId("like-button").click();
  await expect(dialog.getByTestId("like-count")).toHaveText("4 likes");
  await expect(dialog.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
  release();
  await expect(dialog.getByTestId("like-button")).toHaveText(/Unlike/);
  await page.unroute(`**/api/posts/${b.id}/like`);
  await expect
    .poll(async () => (await seed.call(`/api/posts/${b.id}`, { token: reader.token })).body.like_count)
    .toBe(4);

  // A refused like is undone and explained.
  await page.route(`**/api/posts/${b.id}/like`, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"detail":"boom"}' }),
  );
  await dialog.getByTestId("like-button").click();
  await expect(dialog.getByText("Couldn't update the like. Try again.")).toBeVisible();
  await expect(dialog.getByTestId("like-count")).toHaveText("4 likes");
  await expect(dialog.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
  await page.unroute(`**/api/posts/${b.id}/like`);

  // Favorite toggles too.
  await dialog.getByRole("button", { name: /^Save/ }).click();
  await expect(dialog.getByRole("button", { name: /^Saved/ })).toHaveAttribute("aria-pressed", "true");

  // The 10 s refresh keeps the dialog open and merges another reader's like.
  await react([fans[0]!], b.id, "favorite");
  await seed.call(`/api/posts/${b.id}/like`, { method: "POST", token: (await seed.user()).token });
  await expect(dialog.getByTestId("like-count")).toHaveText("5 likes", { timeout: 15_000 });
  await expect(dialog).toBeVisible();

  // Closing and reopening does not count another view.
  await page.keyboard.press("Escape");
  await card.getByRole("button").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.waitForTimeout(500);
  expect(views).toBe(1);
  await shot(page, "post-dialog");
});

test("comments: empty ignored, posting, and the failure messages", async ({ page }) => {
  const { tag, b } = await seedThree();
  const reader = await seed.user();
  await signIn(page, reader.token);
  let commentPosts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith(`/api/posts/${b.id}/comments`))
      commentPosts += 1;
  });
  await page.goto("/home?sort=liked");
  await page
    .getByTestId("feed-card")
    .filter({ hasText: `Bravo ${tag}` })
    .getByRole("button")
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("No comments yet. Be the first to say something.")).toBeVisible();

  await dialog.getByLabel("Add a comment").fill("   ");
  await dialog.getByRole("button", { name: "Post comment" }).click();
  await page.waitForTimeout(300);
  expect(commentPosts).toBe(0);

  await dialog.getByLabel("Add a comment").fill("  See you there!  ");
  await dialog.getByRole("button", { name: "Post comment" }).click();
  await expect(dialog.getByTestId("comment")).toHaveCount(1);
  await expect(dialog.getByTestId("comment")).toContainText("See you there!");
  await expect(dialog.getByLabel("Add a comment")).toHaveValue("");

  await page.route(`**/api/posts/${b.id}/comments`, (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "{}" }) : route.fallback(),
  );
  await dialog.getByLabel("Add a comment").fill("This one fails");
  await dialog.getByRole("button", { name: "Post comment" }).click();
  await expect(dialog.getByText("Couldn't post the comment")).toBeVisible();
  await expect(dialog.getByLabel("Add a comment")).toHaveValue("This one fails");
  await page.unroute(`**/api/posts/${b.id}/comments`);
  await page.keyboard.press("Escape");

  // Loading failure.
  await page.route(`**/api/posts/${b.id}/comments`, (route) =>
    route.request().method() === "GET" ? route.fulfill({ status: 500, body: "{}" }) : route.fallback(),
  );
  await page
    .getByTestId("feed-card")
    .filter({ hasText: `Bravo ${tag}` })
    .getByRole("button")
    .click();
  await expect(page.getByRole("dialog").getByText("Couldn't load comments")).toBeVisible();
  await page.unroute(`**/api/posts/${b.id}/comments`);
  await page.getByRole("dialog").getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("dialog").getByTestId("comment")).toHaveCount(1);
  // Members get no delete button.
  await expect(page.getByRole("dialog").getByRole("button", { name: "Delete comment" })).toHaveCount(0);
});

test("an admin deletes a comment; a failed delete says so", async ({ page }) => {
  const { tag, a } = await seedThree();
  const admin = await seed.user({ role: "admin" });
  await signIn(page, admin.token);
  await page.goto("/home");
  await page
    .getByTestId("feed-card")
    .filter({ hasText: `Alpha ${tag}` })
    .getByRole("button")
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("comment")).toHaveCount(5);
  page.on("dialog", (d) => void d.accept());

  await page.route("**/api/admin/comments/*", (route) => route.fulfill({ status: 500, body: "{}" }));
  await dialog.getByTestId("comment").first().getByRole("button", { name: "Delete comment" }).click();
  await expect(dialog.getByText("Couldn't delete the comment")).toBeVisible();
  await expect(dialog.getByTestId("comment")).toHaveCount(5);
  await page.unroute("**/api/admin/comments/*");

  await dialog
    .getByTestId("comment")
    .filter({ hasText: "Comment 1" })
    .getByRole("button", { name: "Delete comment" })
    .click();
  await expect(dialog.getByTestId("comment")).toHaveCount(4);
  await expect(dialog.getByTestId("comment").filter({ hasText: "Comment 1" })).toHaveCount(0);
  const left = await seed.call(`/api/posts/${a.id}/comments`, { token: admin.token });
  expect(left.body).toHaveLength(4);
  await shot(page, "post-dialog-admin");
});

test("new posts wait behind a button while the reader keeps their place", async ({ page }) => {
  const { owner, club, tag } = await seedThree();
  const reader = await seed.user();
  await signIn(page, reader.token);
  await page.goto("/home?sort=newest");
  await expect(page.getByTestId("feed-card").filter({ hasText: tag }).first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 200));
  const anchor = page.getByTestId("feed-card").filter({ hasText: tag }).first();
  const before = await anchor.evaluate((el) => el.getBoundingClientRect().top);
  const fresh = await post(owner.token, {
    club_id: String(club.id),
    title: `Delta ${tag}`,
    content: "Just in.",
  });
  const banner = page.getByRole("button", { name: /^Show \d+ new posts?$/ });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("feed-card").filter({ hasText: `Delta ${tag}` })).toHaveCount(0);
  // The reader's place did not move.
  expect(await anchor.evaluate((el) => el.getBoundingClientRect().top)).toBe(before);
  await banner.click();
  await expect(page.getByTestId("feed-card").filter({ hasText: `Delta ${tag}` })).toBeVisible();
  expect(fresh.id).toBeGreaterThan(0);
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
  await page.goto("/home?sort=liked");
  await expect(page.getByText("Failed to load feed")).toBeVisible();
  await page.unroute("**/api/posts/feed**");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("feed-empty").or(page.getByTestId("feed"))).toBeVisible();
});
