import { answerConfirm, chooseInMenu, menuItems } from "./support/confirm";
import { react, seedThree } from "./support/feed-seed";
import { expect, seed, shot, signIn, test } from "./support/fixtures";

/**
 * The post dialog on /home (issue 8): optimistic likes reverted on failure, favorites, the
 * 10-second refresh that keeps an open post, one view per opened post, comments with their
 * failure texts, and admin comment deletion.
 */

// Seeding three posts with likes and comments through the API takes a few seconds.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  // No internet in tests: Instagram's embed script must fail fast and leave the link.
  await page.route("https://www.instagram.com/**", (route) => route.abort());
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
  await card.getByRole("button", { name: /^Open post/ }).click();
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
  await card.getByRole("button", { name: /^Open post/ }).click();
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
    .getByRole("button", { name: /^Open post/ })
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
    .getByRole("button", { name: /^Open post/ })
    .click();
  await expect(page.getByRole("dialog").getByText("Couldn't load comments")).toBeVisible();
  await page.unroute(`**/api/posts/${b.id}/comments`);
  await page.getByRole("dialog").getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("dialog").getByTestId("comment")).toHaveCount(1);
  // The one comment is the reader's own: its author may delete it (issue 16), nobody else's.
  expect(await menuItems(page.getByRole("dialog").getByTestId("comment"))).toEqual(["Delete comment"]);
});

test("an admin deletes a comment; a failed delete says so", async ({ page }) => {
  const { tag, a } = await seedThree();
  const admin = await seed.user({ role: "admin" });
  await signIn(page, admin.token);
  await page.goto("/home");
  await page
    .getByTestId("feed-card")
    .filter({ hasText: `Alpha ${tag}` })
    .getByRole("button", { name: /^Open post/ })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("comment")).toHaveCount(5);

  await page.route("**/api/admin/comments/*", (route) => route.fulfill({ status: 500, body: "{}" }));
  await chooseInMenu(dialog.getByTestId("comment").first(), "Delete comment");
  await answerConfirm(page, true, "Delete this comment?");
  await expect(dialog.getByText("Couldn't delete the comment")).toBeVisible();
  await expect(dialog.getByTestId("comment")).toHaveCount(5);
  await page.unroute("**/api/admin/comments/*");

  await chooseInMenu(dialog.getByTestId("comment").filter({ hasText: "Comment 1" }), "Delete comment");
  await answerConfirm(page, true);
  await expect(dialog.getByTestId("comment")).toHaveCount(4);
  await expect(dialog.getByTestId("comment").filter({ hasText: "Comment 1" })).toHaveCount(0);
  const left = await seed.call(`/api/posts/${a.id}/comments`, { token: admin.token });
  expect(left.body).toHaveLength(4);
  await shot(page, "post-dialog-admin");
});
