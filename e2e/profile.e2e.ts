import { member, PNG_BYTES, words } from "./support/community-seed";
import { expect, screenshots, seed, signIn, sql, test } from "./support/fixtures";

/** Profiles (issue 8): the own profile, another user's profile, and editing with its failure paths. */

// Several browsers, real polling and a shared CI machine: give each walk-through room.
test.describe.configure({ timeout: 120_000 });

test("profiles: own profile with the local Publish toggle and 500-word description, another user's with Message", async ({
  page,
}) => {
  const me = await member();
  const other = await member();
  const form = new FormData();
  for (const [key, value] of Object.entries({
    first_name: "Ana",
    middle_name: "Lucía",
    last_name: "Pérez",
    email: `ana${Date.now()}@example.com`,
    school: "Colegio Centro América",
    region: "Granada",
    gender: "female",
    description: words(520),
  }))
    form.set(key, value);
  const saved = await seed.call("/api/users/me/profile", { method: "PUT", body: form, token: me.token });
  expect(saved.status).toBe(200);
  await sql()`update users set email_verified = true where id = ${me.id}`;

  await signIn(page, me.token);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Ana Lucía Pérez" })).toBeVisible();
  await expect(page.getByText("Colegio Centro América")).toBeVisible();
  await expect(page.getByText("Granada")).toBeVisible();
  const description = page.getByTestId("profile-description");
  await expect(description).toContainText("word500…");
  await expect(description).not.toContainText("word501");
  await page.getByRole("button", { name: "Show more" }).click();
  await expect(description).toContainText("word520");
  await page.getByRole("button", { name: "Show less" }).click();

  // Publish is local only: no call, remembered on this device.
  const calls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/") && r.method() !== "GET") calls.push(r.url());
  });
  await expect(page.getByText("Your profile is not published.")).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Your profile is published.")).toBeVisible();
  expect(calls).toEqual([]);
  await page.reload();
  await expect(page.getByText("Your profile is published.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Unpublish" })).toHaveAttribute("aria-pressed", "true");
  await screenshots(page, "profile");

  await page.goto(`/users/${other.id}`);
  await expect(page.getByRole("heading", { name: other.name })).toBeVisible();
  await screenshots(page, "user-profile");
  await page.getByRole("link", { name: "Message" }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/user/${other.id}$`));
  await expect(page.getByText("No messages yet. Say hello!")).toBeVisible();

  await page.goto("/users/999999999");
  await expect(page.getByText("User not found")).toBeVisible();
});

test("edit profile: picture type check, required fields, failed save keeps input, e-mail change, picture saved", async ({
  page,
}) => {
  const me = await member();
  await signIn(page, me.token);

  await page.route("**/api/users/me", (route) => route.fulfill({ status: 500, body: "" }));
  await page.goto("/edit-profile");
  await expect(page.getByText("Failed to load profile")).toBeVisible();
  await page.unroute("**/api/users/me");
  await page.reload();

  const first = page.getByLabel("First name");
  await expect(first).toHaveValue(me.firstName);
  await page.getByLabel("Profile picture").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not an image"),
  });
  // The app's one image picker refuses it with the same words on every image field.
  await expect(page.getByText("Choose a PNG, JPG or JPEG image.")).toBeVisible();
  await expect(page.getByLabel("Profile picture")).toHaveValue("");

  await first.fill("");
  await page.getByRole("button", { name: "Save profile" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.locator("li")).toHaveText("First name, last name, and email are required");
  await expect(page.getByText("Enter your first name.")).toBeVisible();
  await screenshots(page, "edit-profile-errors");

  await first.fill("Marcos");
  await page.getByLabel("School").fill("UNAN León");
  await page.getByLabel("Region").selectOption("León");
  await page.route("**/api/users/me/profile", (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(summary.locator("li")).toHaveText("Failed to save profile");
  await expect(first).toHaveValue("Marcos");
  await expect(page.getByLabel("School")).toHaveValue("UNAN León");
  await page.unroute("**/api/users/me/profile");

  const email = page.getByLabel("Email");
  await email.fill(`marcos${Date.now()}@example.com`);
  await expect(
    page.getByText(/If you change your e-mail you will need to verify the new address/),
  ).toBeVisible();
  await page
    .getByLabel("Profile picture")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_BYTES });
  await expect(page.getByRole("img", { name: "Preview of your new profile picture" })).toBeVisible();
  await screenshots(page, "edit-profile");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page).toHaveURL(/\/profile\?saved=verify/);
  await expect(page.getByText("Profile saved. Verify your new e-mail address below.")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Marcos ${me.lastName}` })).toBeVisible();
  await expect(page.getByRole("img", { name: `Profile picture of Marcos ${me.lastName}` })).toHaveAttribute(
    "src",
    /\/uploads\//,
  );
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
});
