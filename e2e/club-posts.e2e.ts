import { expect, type SeedUser, seed, shot, signIn, test, uniqueName } from "./support/fixtures";

/**
 * Posts opened from a club's Posts tab and from /home (issue 7/8 polish): the shared post dialog
 * (like, comment, Esc and focus back on the card), `?post=` deep links, guests read only, and
 * without JavaScript the post's text in the page.
 */

let owner: SeedUser;
let club: { id: number; name: string };
let news: { id: number; title: string };
let party: { id: number; title: string };

test.beforeAll(async () => {
  owner = await seed.user({ role: "owner" });
  club = await seed.club(owner.token, { name: `Polish ${uniqueName("")}`, description: "Posts to open." });
  news = await seed.post(owner.token, {
    club_id: String(club.id),
    title: "Welcome back",
    short_description: "Term starts",
    content: "First meeting on Monday.\nBring a friend.",
    instagram_url: "instagram.com/p/PolishAb12/",
  });
  party = await seed.post(owner.token, {
    club_id: String(club.id),
    title: "Night party",
    content: "Music and snacks.",
    is_event: "true",
    event_date: "2030-05-04T18:00:00Z",
    event_location: "Main hall",
  });
});

test("a post on the Posts tab opens in the dialog: like, comment, Esc puts focus back on its card", async ({
  page,
}) => {
  const fan = await seed.user();
  await signIn(page, fan.token);
  // Instagram is unreachable here: the embed stays a link.
  await page.route("https://www.instagram.com/**", (route) => route.abort());
  await page.goto(`/clubs/${club.id}?tab=posts`);
  await expect(page.getByTestId("greeting")).toBeVisible();

  const card = page.getByRole("link", { name: "Open post: Welcome back" });
  await expect(card).toBeVisible();
  await shot(page, "polish-club-posts");
  await card.click();
  const dialog = page.getByTestId("post-dialog");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]post=${news.id}`));
  await expect(dialog.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: /instagram/i })).toHaveAttribute(
    "href",
    "https://www.instagram.com/p/PolishAb12/",
  );
  // One view for this reader.
  await expect(dialog.getByTestId("view-count")).toHaveText("1 view");

  await dialog.getByTestId("like-button").click();
  await expect(dialog.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByTestId("like-count")).toHaveText("1 like");
  await dialog.getByRole("button", { name: /Favorite|Save/ }).click();
  await expect(dialog.getByRole("button", { name: /Unfavorite|Saved|Unsave/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await dialog.getByLabel("Add a comment").fill("See you Monday!");
  await dialog.getByRole("button", { name: "Post comment" }).click();
  await expect(dialog.getByTestId("comment")).toContainText("See you Monday!");
  await shot(page, "polish-club-post-dialog");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();
  await expect(page).not.toHaveURL(/post=/);
  await expect(page).toHaveURL(/tab=posts/);

  // The server kept all of it, and the view counted once: reopening shows the same numbers.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("like-count")).toHaveText("1 like");
  await expect(dialog.getByTestId("view-count")).toHaveText("1 view");
  await expect(dialog.getByTestId("comment")).toHaveCount(1);
  await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();

  const stored = await seed.call(`/api/posts/${news.id}`, { token: fan.token });
  expect(stored.body.like_count).toBe(1);
  expect(stored.body.liked_by_me).toBe(true);
  expect(stored.body.favorited_by_me).toBe(true);
  expect(stored.body.comment_count).toBe(1);
  expect(stored.body.views).toBe(1);
});

test("?post= deep link opens the dialog on load; closing removes it and focuses the card", async ({
  page,
}) => {
  const fan = await seed.user();
  await signIn(page, fan.token);
  await page.goto(`/clubs/${club.id}?tab=posts&post=${party.id}`);
  const dialog = page.getByTestId("post-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("event-details")).toContainText("Main hall");
  await expect(page.getByTestId("post-inline")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/clubs/${club.id}\\?tab=posts$`));
  await expect(page.getByRole("link", { name: "Open post: Night party" })).toBeFocused();

  // On another tab too; an unknown post says so.
  await page.goto(`/clubs/${club.id}?post=${news.id}`);
  await expect(dialog.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(new RegExp(`/clubs/${club.id}$`));
  await page.goto(`/clubs/${club.id}?tab=posts&post=999999999`);
  await expect(page.getByText("This post is no longer available.")).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test("guests open posts read-only: like and comment ask them to log in", async ({ page }) => {
  let viewCalls = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/view")) viewCalls += 1;
  });
  await page.goto(`/clubs/${club.id}?tab=posts`);
  await page.getByRole("link", { name: "Open post: Night party" }).click();
  const dialog = page.getByTestId("post-dialog");
  await expect(dialog.getByTestId("event-details")).toContainText("Main hall");
  await dialog.getByTestId("like-button").click();
  await expect(dialog.getByText("Log in to like or save posts.")).toBeVisible();
  await expect(dialog.getByTestId("like-button")).toHaveAttribute("aria-pressed", "false");
  await expect(dialog.getByText("Log in to read and write comments.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Post comment" })).toHaveCount(0);
  await expect(dialog.getByText("Couldn't load comments")).toHaveCount(0);
  await expect(dialog.getByRole("link", { name: "Log in" }).first()).toHaveAttribute("href", "/login");
  expect(viewCalls).toBe(0);
  await shot(page, "polish-guest-post");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("post cards are links that show the post's text in the page", async ({ page }) => {
    await page.goto(`/clubs/${club.id}?tab=posts`);
    const card = page.getByRole("link", { name: "Open post: Welcome back" });
    await expect(card).toHaveAttribute("href", `/clubs/${club.id}?tab=posts&post=${news.id}`);
    await card.click();
    const inline = page.getByTestId("post-inline");
    await expect(inline.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(inline).toContainText("First meeting on Monday.");
    await expect(inline).toContainText("Bring a friend.");
    await inline.getByRole("link", { name: "Close post" }).click();
    await expect(page).toHaveURL(new RegExp(`/clubs/${club.id}\\?tab=posts$`));
    await expect(page.getByTestId("post-inline")).toHaveCount(0);
  });
});

test("/home keeps the open post in the URL: ?post= opens it on load, closing removes it", async ({
  page,
}) => {
  const fan = await seed.user();
  await signIn(page, fan.token);
  await page.goto(`/home?post=${party.id}`);
  const dialog = page.getByTestId("post-dialog");
  await expect(dialog.getByRole("heading", { name: "Night party" })).toBeVisible();
  await expect(dialog.getByTestId("event-details")).toContainText("Main hall");
  await dialog.getByTestId("like-button").click();
  await expect(dialog.getByTestId("like-count")).toHaveText("1 like");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);

  // Opening from the feed (newest first, so this fresh post is on the first page) puts the post
  // in the URL next to the sort.
  const title = uniqueName("Fresh ");
  const fresh = await seed.post(owner.token, { club_id: String(club.id), title, content: "Just now." });
  await page.goto("/home?sort=newest");
  const card = page.getByRole("button", { name: `Open post: ${title}` });
  await card.click();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/home\\?sort=newest&post=${fresh.id}$`));
  await page.keyboard.press("Escape");
  await expect(card).toBeFocused();
  await expect(page).toHaveURL(/\/home\?sort=newest$/);
});
