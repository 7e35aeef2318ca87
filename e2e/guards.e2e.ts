import { expect, seed, signIn, test } from "./support/fixtures";

function fakeToken(payload: Record<string, unknown>) {
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode(payload)}.sig`;
}

test("an unknown path redirects to / (on the server too)", async ({ page, request }) => {
  const response = await request.get("/no/such/page", { maxRedirects: 0 });
  expect([301, 302, 303, 307, 308]).toContain(response.status());
  expect(response.headers().location).toMatch(/^(https?:\/\/[^/]+)?\/$/);
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your club. Find your people.");
});

test("API paths are not pages: unknown /api paths stay a JSON 404", async ({ request }) => {
  const response = await request.get("/api/nope");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ detail: "Not found" });
});

test("login-only pages send guests to /login", async ({ page }) => {
  for (const path of ["/home", "/my-clubs", "/connections", "/profile", "/clubs/new"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
  }
});

test("a wrong role goes to /", async ({ page }) => {
  const member = await seed.user();
  await signIn(page, member.token);
  await page.goto("/clubs/new");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("greeting")).toHaveText(`Hi, ${member.username}`);
});

test("the right role gets in", async ({ page }) => {
  const owner = await seed.user({ role: "owner" });
  await signIn(page, owner.token);
  await page.goto("/clubs/new");
  await expect(page).toHaveURL(/\/clubs\/new$/);
  await page.goto("/home");
  await expect(page).toHaveURL(/\/home$/);
});

test("an expired or undecodable token is removed and the user is signed out", async ({ page }) => {
  for (const token of [
    fakeToken({ sub: "ghost", id: 1, role: "member", ver: 0, exp: Math.floor(Date.now() / 1000) - 60 }),
    "not-a-token",
  ]) {
    await page.goto("/");
    await page.evaluate((t) => localStorage.setItem("token", t), token);
    await page.goto("/home");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  }
});

test("signed in, the top bar shows the app links, the greeting and the unread badge", async ({ page }) => {
  const owner = await seed.user({ role: "owner" });
  const club = await seed.club(owner.token, { name: "Badge Club", description: "For the badge test." });
  await signIn(page, owner.token);
  await page.goto("/clubs");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/home");
  await expect(nav.getByRole("link", { name: "My Clubs" })).toHaveAttribute("href", "/my-clubs");
  await expect(nav.getByRole("link", { name: /Connections/ })).toHaveAttribute("href", "/connections");
  await expect(page.getByTestId("greeting")).toHaveAttribute("href", "/profile");
  await expect(page.getByTestId("unread-badge")).toHaveCount(0);

  const member = await seed.user();
  await seed.profile(member.id);
  const sent = await seed.call(`/api/connection-requests?club_id=${club.id}`, {
    method: "POST",
    token: member.token,
  });
  expect(sent.status).toBeLessThan(300);
  // Polled every 10 s.
  await expect(page.getByTestId("unread-badge").first()).toContainText("1", { timeout: 15_000 });
});

test("admins get the floating Admin panel; others do not", async ({ page }) => {
  const member = await seed.user();
  await signIn(page, member.token);
  await page.goto("/clubs");
  await expect(page.getByTestId("greeting")).toBeVisible();
  await expect(page.getByRole("button", { name: "Admin panel" })).toHaveCount(0);

  const admin = await seed.user({ role: "admin" });
  await page.evaluate((t) => localStorage.setItem("token", t), admin.token);
  await page.reload();
  const button = page.getByRole("button", { name: "Admin panel" });
  await expect(button).toBeVisible();
  await button.click();
  await expect(page.getByRole("dialog", { name: "Admin panel" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Admin panel" })).toHaveCount(0);
});

test("a page whose code cannot load shows an error with a retry", async ({ page, hydrationErrors }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.route("**/assets/chunk-*.js", (route) => route.abort());
  await page.getByRole("link", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toContainText("Error:");
  await page.unroute("**/assets/chunk-*.js");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
  // React reports the failed chunk as a recovered render error: expected here, nowhere else.
  hydrationErrors.length = 0;
});
