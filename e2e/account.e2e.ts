import { answerConfirm } from "./support/confirm";
import { expect, hydrated, mail, screenshots, seed, signIn, sql, test, uniqueName } from "./support/fixtures";

test("sign up, complete the profile, verify the e-mail code, land on /profile", async ({ page }) => {
  const username = uniqueName("new");
  const email = `${username}@example.com`;
  await page.goto("/signup");
  await screenshots(page, "signup");
  const cont = page.getByRole("button", { name: "Continue" });
  await expect(cont).toBeDisabled();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: false }).first().fill("a-good-password");
  await page.getByLabel("Confirm password").fill("a-different-one");
  await expect(page.getByText("Passwords don't match.")).toBeVisible();
  await expect(cont).toBeDisabled();
  await page.getByLabel("Confirm password").fill("a-good-password");
  await expect(page.getByText("Passwords don't match.")).toHaveCount(0);
  await page.getByLabel("Club owner").check();
  await cont.click();

  await expect(page).toHaveURL(/\/profile\/create$/);
  expect(page.url()).not.toContain("a-good-password");
  await expect(page.getByText("Missing credentials. Please sign up again.")).toHaveCount(0);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("alert").first()).toContainText(
    "First name, last name, and email are required.",
  );
  await page.getByLabel("First name").fill("María");
  await page.getByLabel("Last name").fill("López");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Region").selectOption("Masaya");
  await screenshots(page, "profile-create");
  await page.getByRole("button", { name: "Save profile" }).click();

  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByTestId("greeting")).toHaveText(`Hi, ${username}`);
  const message = await mail.waitFor(email);
  const code = mail.code(message);
  const verify = page.getByRole("button", { name: "Verify" });
  await expect(verify).toBeDisabled();
  await page.getByLabel("Verification code").fill("12345");
  await expect(verify).toBeDisabled();
  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("Verification code").fill(wrong);
  await expect(verify).toBeEnabled();
  await verify.click();
  await expect(page.getByRole("alert")).toContainText("Invalid code");
  // Asking again within the minute sends nothing: the code on its way is the one to use.
  await page.getByRole("button", { name: "Resend code" }).click();
  await expect(page.getByRole("status").filter({ hasText: "less than a minute ago" })).toBeVisible();
  await screenshots(page, "verify-email");
  await page.getByLabel("Verification code").fill(code);
  await verify.click();
  await expect(page).toHaveURL(/\/profile$/);

  const [row] =
    await sql()`select email_verified, first_name, region from users where username = ${username}`;
  expect(row).toEqual({ email_verified: true, first_name: "María", region: "Masaya" });
  const [request] =
    await sql()`select status from owner_requests r join users u on u.id = r.user_id where u.username = ${username}`;
  expect(request?.status).toBe("pending");
  expect(await page.evaluate(() => sessionStorage.getItem("clubnica.signup"))).toBeNull();
});

test("profile creation without signup credentials says so", async ({ page }) => {
  await page.goto("/profile/create");
  await expect(page.getByText("Missing credentials. Please sign up again.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to sign up" })).toHaveAttribute("href", "/signup");
});

test("signup errors from the server show only their messages, beside the field they concern", async ({
  page,
}) => {
  const taken = await seed.user();
  await page.goto("/signup");
  await page.getByLabel("Username").fill(taken.username);
  await page.getByLabel("Password", { exact: false }).first().fill("a-good-password");
  await page.getByLabel("Confirm password").fill("a-good-password");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("First name").fill("A");
  await page.getByLabel("Last name").fill("B");
  await page.getByLabel("Email").fill(`${uniqueName("x")}@example.com`);
  await page.getByRole("button", { name: "Save profile" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("That username is already taken.");
  await expect(alert).not.toContainText("body.");
  await expect(page.locator("#fix-username-error")).toHaveText("That username is already taken.");
});

test("the profile form guards unsaved changes", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Username").fill(uniqueName("g"));
  await page.getByLabel("Password", { exact: false }).first().fill("a-good-password");
  await page.getByLabel("Confirm password").fill("a-good-password");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("First name").fill("Changed");
  await page.getByRole("link", { name: "ClubNica" }).click();
  await answerConfirm(page, false, "You have unsaved changes. Leave this page?");
  await expect(page).toHaveURL(/\/profile\/create$/);
  await page.getByRole("link", { name: "ClubNica" }).click();
  await answerConfirm(page, true);
  await expect(page).toHaveURL(/\/$/);
});

test("log in, then log out", async ({ page }) => {
  const user = await seed.user();
  await page.goto("/login");
  await hydrated(page);
  await screenshots(page, "login");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toContainText("Incorrect username or password");
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/clubs$/);
  await expect(page.getByTestId("greeting")).toHaveText(`Hi, ${user.username}`);
  await expect(page.getByRole("link", { name: "Get Started" })).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/clubs");
  await screenshots(page, "landing-signed-in");

  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("link", { name: "My Clubs" })).toBeVisible();
  await screenshots(page, "menu-open");
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const logout = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/logout");
  await page.getByRole("button", { name: "Log out" }).click();
  expect((await logout).headers().authorization).toBe(`Bearer ${token}`);
  expect((await (await logout).response())?.status()).toBe(204);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  // The server revoked the browser's token; the one seeding used is another token and still works.
  expect((await seed.call("/api/users/me", { token: token ?? "" })).status).toBe(401);
  expect((await seed.call("/api/users/me", { token: user.token })).status).toBe(200);
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login$/);
});

test("log out offline: the session still ends here", async ({ page }) => {
  const user = await seed.user();
  await signIn(page, user.token);
  await page.goto("/clubs");
  await expect(page.getByTestId("greeting")).toHaveText(`Hi, ${user.username}`);
  await page.route("**/logout", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("reset the password with the mailed code", async ({ page }) => {
  const user = await seed.user();
  const { email } = await seed.profile(user.id);
  await page.goto("/forgot-password");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Please enter your username or email.").first()).toBeVisible();
  await screenshots(page, "forgot-password");
  await page.getByLabel("Username or email").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("If an account exists, we've sent a code to the email on file.")).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByLabel("Username or email")).toHaveValue(email);
  const code = mail.code(await mail.waitFor(email));

  await page.getByLabel("6-digit code").fill("123");
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Enter the 6-digit code.").first()).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters.").first()).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByLabel("Confirm new password").fill("something-else");
  await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Passwords do not match.").first()).toBeVisible();
  await page.getByLabel("Confirm new password").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid code or server error");
  await screenshots(page, "reset-password");

  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Password reset" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The address changes a moment before the log-in form replaces the reset form.
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill("a-brand-new-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/clubs$/);
});

test("an unknown account gets the same neutral answer", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Username or email").fill(`${uniqueName("nobody")}@example.com`);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("If an account exists, we've sent a code to the email on file.")).toBeVisible();
});

test("a signed-in user without a profile is sent to complete it before connecting", async ({ page }) => {
  const admin = await seed.user({ role: "admin" });
  const club = await seed.club(admin.token, { name: uniqueName("Open club "), description: "Come in." });
  const member = await seed.user();
  await signIn(page, member.token);
  await page.goto(`/clubs/${club.id}?tab=connect`);
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page).toHaveURL(/\/profile\/create$/);
  await expect(page.getByText("Please complete your profile", { exact: false })).toBeVisible();
  await page.getByLabel("First name").fill("Luis");
  await page.getByLabel("Last name").fill("Ruiz");
  const email = `${uniqueName("l")}@example.com`;
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const code = mail.code(await mail.waitFor(email));
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
