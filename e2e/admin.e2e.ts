import type { Page } from "@playwright/test";
import { club, comment, member, post, roleOf } from "./support/community-seed";
import {
  expect,
  hydrated,
  pageFor,
  screenshots,
  seed,
  signIn,
  sql,
  test,
  uniqueName,
} from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";
import { stackState } from "./support/state";

/**
 * Admin screens (issue 8): the floating Admin panel (users, ban, mute, role), owner requests,
 * dummy users (the recruiting dashboard: e2e/recruiting.e2e.ts).
 */

// Several browsers, real polling and a shared CI machine: give each walk-through room.
test.describe.configure({ timeout: 120_000 });

async function openPanel(page: Page) {
  await page.getByRole("button", { name: "Admin panel" }).click();
  const dialog = page.getByRole("dialog", { name: "Admin panel" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signUpOwner(): Promise<{ id: number; username: string }> {
  const username = uniqueName("own");
  const res = await seed.call("/signup", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "correct-horse-battery", role: "owner" }),
  });
  expect(res.status).toBe(201);
  expect(res.body.owner_request_pending).toBe(true);
  return { id: res.body.id, username };
}

test("an admin approves and denies owner requests", async ({ page }) => {
  const admin = await seed.user({ role: "admin" });
  const approved = await signUpOwner();
  const denied = await signUpOwner();
  await signIn(page, admin.token);

  await page.route("**/api/admin/owner-requests", (route) => route.fulfill({ status: 500, body: "" }));
  await page.goto("/admin/owner-requests");
  await expect(page.getByText("Failed to load owner requests")).toBeVisible();
  await page.unroute("**/api/admin/owner-requests");
  await page.reload();

  const rows = page.getByTestId("owner-request");
  await expect(rows.filter({ hasText: approved.username })).toHaveCount(1);
  await screenshots(page, "admin-owner-requests");
  await rows
    .filter({ hasText: approved.username })
    .getByRole("button", { name: /^Approve/ })
    .click();
  await expect(page.getByText(`${approved.username} is now a club owner.`)).toBeVisible();
  await expect(rows.filter({ hasText: approved.username })).toHaveCount(0);
  expect(await roleOf(approved.id)).toBe("owner");

  await rows.filter({ hasText: denied.username }).getByRole("button", { name: /^Deny/ }).click();
  await expect(page.getByText(`${denied.username}'s request was denied.`)).toBeVisible();
  expect(await roleOf(denied.id)).toBe("member");

  // Not for members: the guard sends them to /.
  const someone = await seed.user();
  const memberPage = await pageFor(page.context().browser()!, someone);
  await memberPage.goto("/admin/owner-requests");
  await expect(memberPage).toHaveURL(/\/$/);
  await expect(memberPage.getByRole("button", { name: "Admin panel" })).toHaveCount(0);
  await memberPage.context().close();
});

test("the Admin panel: 5 users unless searching, ban and unban, mute and unmute, role change, failures", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await seed.user({ role: "admin" });
  const owner = await member("owner");
  const target = await member();
  for (let i = 0; i < 5; i += 1) await seed.user();
  const theClub = await club(owner);
  const thePost = await post(owner, theClub.id, "Welcome week");
  await signIn(page, admin.token);
  await page.goto("/clubs");

  // A modal drawer: focus moves in and stays in; Esc closes and returns focus.
  let dialog = await openPanel(page);
  await expect(dialog.getByTestId("admin-user")).toHaveCount(5);
  await expect(dialog.getByText("Showing the 5 newest users. Search to find others.")).toBeVisible();
  for (let i = 0; i < 40; i += 1) await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  await page.keyboard.press("Shift+Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Admin panel" })).toBeFocused();

  await page.route("**/api/admin/users*", (route) => route.fulfill({ status: 500, body: "" }));
  dialog = await openPanel(page);
  await expect(dialog.getByText("Failed to load users")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.unroute("**/api/admin/users*");

  dialog = await openPanel(page);
  await dialog.getByLabel("Search users").fill(target.username);
  const row = dialog.getByTestId("admin-user").filter({ hasText: target.username });
  await expect(dialog.getByTestId("admin-user")).toHaveCount(1);
  const duration = row.getByLabel(/^Duration for/);

  // The "D H M" string is checked before any call.
  await duration.fill("one day");
  await row.getByRole("button", { name: "Ban", exact: true }).click();
  await expect(row.getByText("Enter days, hours and minutes as three numbers, e.g. 1 2 30.")).toBeVisible();
  await duration.fill("0 0 0");
  await row.getByRole("button", { name: "Ban", exact: true }).click();
  await expect(row.getByText("Enter a duration longer than zero.")).toBeVisible();

  await page.route("**/api/admin/users/*/ban*", (route) => route.fulfill({ status: 500, body: "" }));
  await duration.fill("1 2 30");
  await row.getByRole("button", { name: "Ban", exact: true }).click();
  await expect(row.getByRole("alert")).toHaveText("Action failed");
  await page.unroute("**/api/admin/users/*/ban*");
  await row.getByRole("button", { name: "Ban", exact: true }).click();
  await expect(row.getByText(/^Banned until/)).toBeVisible();
  const [ban] = await sql()`select ban_until - now() as left from users where id = ${target.id}`;
  expect(String(ban?.left)).toMatch(/^1 day 0?2:(29|30)/);
  await screenshots(page, "admin-panel");

  // The banned user's next page load is refused.
  const targetPage = await pageFor(browser, target);
  await targetPage.goto("/profile");
  await expect(targetPage.getByText(/Your account is banned until/)).toBeVisible();
  const refused = await seed.call("/api/users/me", { token: target.token });
  expect(refused.status).toBe(403);

  await page.route("**/api/admin/users/*/ban*", (route) => route.fulfill({ status: 500, body: "" }));
  await row.getByRole("button", { name: "Unban" }).click();
  await expect(row.getByRole("alert")).toHaveText("Unban failed");
  await page.unroute("**/api/admin/users/*/ban*");
  await row.getByRole("button", { name: "Unban" }).click();
  await expect(row.getByText(`${target.username} is no longer banned.`)).toBeVisible();
  await expect(row.getByText(/^Banned until/)).toHaveCount(0);
  await targetPage.reload();
  await expect(targetPage.getByRole("heading", { name: target.name })).toBeVisible();

  // Muted: their comment is refused with the server's message; unmuted, it goes through.
  await duration.fill("0 1 0");
  await row.getByRole("button", { name: "Mute", exact: true }).click();
  await expect(row.getByText(/^Muted until/)).toBeVisible();
  const mutedComment = await comment(target, thePost.id, "Can I still talk?");
  expect(mutedComment.status).toBe(403);
  expect(mutedComment.body.detail).toMatch(/^You are muted until/);
  await targetPage.goto(`/chat/user/${owner.id}`);
  await targetPage.getByRole("textbox", { name: "Message" }).fill("Hello?");
  await targetPage.getByRole("button", { name: "Send" }).click();
  await expect(targetPage.getByText(/You are muted until/)).toBeVisible();
  await expect(targetPage.getByRole("textbox", { name: "Message" })).toHaveValue("Hello?");

  await page.route("**/api/admin/users/*/mute*", (route) => route.fulfill({ status: 500, body: "" }));
  await row.getByRole("button", { name: "Unmute" }).click();
  await expect(row.getByRole("alert")).toHaveText("Unmute failed");
  await page.unroute("**/api/admin/users/*/mute*");
  await row.getByRole("button", { name: "Unmute" }).click();
  await expect(row.getByText(`${target.username} is no longer muted.`)).toBeVisible();
  expect((await comment(target, thePost.id, "Thanks for unmuting me")).status).toBe(201);

  // Role change, and its two failure messages.
  const role = row.getByLabel(`Role of ${target.username}`);
  await page.route("**/api/admin/users/*/role", (route) => route.fulfill({ status: 500, body: "" }));
  await role.selectOption("owner");
  await expect(row.getByRole("alert")).toHaveText("Failed to set role");
  await expect(role).toHaveValue("member");
  await page.route("**/api/admin/users/*/role", (route) =>
    route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({ detail: "The last admin cannot lose the admin role." }),
    }),
  );
  await role.selectOption("owner");
  await expect(row.getByRole("alert")).toContainText("Could not change role");
  await expect(row.getByRole("alert")).toContainText("The last admin cannot lose the admin role.");
  await page.unroute("**/api/admin/users/*/role");
  await role.selectOption("owner");
  await expect(row.getByText(`${target.username} is now owner.`)).toBeVisible();
  expect(await roleOf(target.id)).toBe("owner");

  // The panel links to the admin pages and gets out of the way when one opens.
  await dialog.getByRole("link", { name: "Create a dummy user" }).click();
  await expect(page).toHaveURL(/\/admin\/dummies$/);
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 360, height: 740 });
  dialog = await openPanel(page);
  await keepScreenshot(page, { path: "e2e/screenshots/admin-panel-open-phone.png" });
  await targetPage.context().close();
});

test("an admin creates a dummy user, who then logs in with the password shown once", async ({
  page,
  browser,
}) => {
  const admin = await seed.user({ role: "admin" });
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, admin.token);
  await page.goto("/admin/dummies");

  // Spec defaults.
  await expect(page.getByLabel("Role")).toHaveValue("member");
  await expect(page.getByLabel("First name")).toHaveValue("Test");
  await expect(page.getByLabel("Last name")).toHaveValue("User");
  await expect(page.getByLabel("E-mail verified")).toBeChecked();
  await expect(page.getByLabel("Test account")).toBeChecked();
  await screenshots(page, "admin-dummies");

  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText("Enter a username.").first()).toBeVisible();

  const username = uniqueName("dummy");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByRole("button", { name: "Create user" }).click();
  const result = page.getByTestId("dummy-result");
  await expect(result).toContainText(`Created ${username} (member).`);
  const password = (await page.getByTestId("dummy-password").textContent())?.trim() ?? "";
  expect(password.length).toBeGreaterThanOrEqual(8);
  await result.getByRole("button", { name: "Copy password" }).click();
  await expect(result.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  await screenshots(page, "admin-dummies-created");
  const [row] = await sql()`select first_name, last_name, email_verified, test_account, role from users
    where username = ${username}`;
  expect(row).toEqual({
    first_name: "Test",
    last_name: "User",
    email_verified: true,
    test_account: true,
    role: "member",
  });

  // The same name again: the spec's message and the server's reason.
  await page.getByLabel("Username").fill(username);
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to create user" })).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue(username);

  const context = await browser.newContext({ baseURL: stackState().baseURL, locale: "en-US" });
  const fresh = await context.newPage();
  await fresh.goto("/login");
  // Tapped before any script has run, "Log in" is the form's native POST, answered with the
  // login page again (early-input.e2e.ts): wait for the page, as a person sees it ready.
  await hydrated(fresh);
  await fresh.getByLabel("Username").fill(username);
  await fresh.getByLabel("Password").fill(password);
  await fresh.getByRole("button", { name: "Log in" }).click();
  await expect(fresh).toHaveURL(/\/clubs$/);
  await expect(fresh.getByTestId("greeting")).toContainText(username);
  await context.close();
});
