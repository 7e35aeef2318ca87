import type { Browser, Page } from "@playwright/test";
import { club, join, member, PNG_BYTES, sendDirect, sendToClub, words } from "./support/community-seed";
import { expect, type SeedUser, screenshots, seed, signIn, sql, test } from "./support/fixtures";
import { stackState } from "./support/state";

/**
 * My Clubs, Connections and chat (issue 8): a member connects, the owner accepts, both chat and
 * the Connections badge follows the unread messages; then each screen's failure paths.
 */

// Several browsers, real polling and a shared CI machine: give each walk-through room.
test.describe.configure({ timeout: 120_000 });

async function pageFor(browser: Browser, user: SeedUser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stackState().baseURL,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw error;
  });
  await signIn(page, user.token);
  return page;
}

function badge(page: Page) {
  return page.getByRole("link", { name: /^Connections/ }).getByTestId("unread-badge");
}

test("a member connects, the owner accepts, both chat and the badge counts unread messages", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await member("owner");
  const joiner = await member();
  const theClub = await club(owner, `Robotics ${Date.now()}`);

  // The member asks to join from the club page.
  await signIn(page, joiner.token);
  await page.goto(`/clubs/${theClub.id}?tab=connect`);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByText("Connection Sent")).toBeVisible();
  await page.goto("/connections?tab=requests");
  await expect(page.getByTestId("request-sent")).toContainText(theClub.name);
  await screenshots(page, "connections-requests-member");

  // The owner sees the request counted on the badge and accepts it, using the keyboard tabs.
  const ownerPage = await pageFor(browser, owner);
  await ownerPage.goto("/connections");
  await expect(badge(ownerPage)).toContainText("1");
  await ownerPage.getByRole("tab", { name: "My Connections" }).focus();
  await ownerPage.keyboard.press("ArrowRight");
  await expect(ownerPage.getByRole("tab", { name: "Connection Requests" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(ownerPage).toHaveURL(/tab=requests/);
  const incoming = ownerPage.getByTestId("request-received");
  await expect(incoming).toHaveCount(1);
  await expect(incoming).toContainText("Test Student");
  await screenshots(ownerPage, "connections-requests-owner");
  await incoming.getByRole("button", { name: /^Accept/ }).click();
  await expect(ownerPage.getByText(`joined ${theClub.name}`)).toBeVisible();
  await expect(incoming).toHaveCount(0);
  await expect(badge(ownerPage)).toHaveCount(0);

  // The member's club now shows on My Clubs; the accepted notice counts until Connections opens.
  await page.goto("/my-clubs");
  await expect(page.getByTestId("my-club")).toContainText(theClub.name);
  await expect(badge(page)).toContainText("1");
  await screenshots(page, "my-clubs");
  await page.goto("/connections");
  await expect(page.getByTestId("connection-club")).toContainText(theClub.name);
  await expect(badge(page)).toHaveCount(0);

  // The owner writes to the member from My Connections.
  await ownerPage.getByRole("tab", { name: "My Connections" }).click();
  const row = ownerPage.getByTestId("connection-member");
  await expect(row).toContainText(`Member of ${theClub.name}`);
  await screenshots(ownerPage, "connections-owner");
  await row.getByRole("link", { name: /^Chat with/ }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/chat/user/${joiner.id}$`));
  const ownerBox = ownerPage.getByRole("textbox", { name: "Message" });
  await ownerBox.fill("  Welcome to the club!  ");
  await ownerBox.press("Enter");
  await expect(ownerPage.getByTestId("chat-message").last()).toHaveText(/^You: Welcome to the club!/);
  await expect(ownerBox).toHaveValue("");

  // The member's badge counts it (polled every 10 s), then drops once the chat is read.
  await page.goto("/my-clubs");
  await expect(badge(page)).toContainText("1", { timeout: 25_000 });
  await page.goto("/connections");
  const direct = page.getByTestId("connection-direct");
  await expect(direct.getByTestId("unread-count")).toContainText("1");
  await direct.getByRole("link", { name: /^Chat with/ }).click();
  await expect(page.getByTestId("chat-message")).toContainText(["Welcome to the club!"]);
  await expect(badge(page)).toHaveCount(0);

  // The member replies; the owner's open thread picks it up with the 2-second poll.
  await page.getByRole("textbox", { name: "Message" }).fill("Thanks! Happy to be here.");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(ownerPage.getByTestId("chat-message").last()).toContainText("Thanks! Happy to be here.", {
    timeout: 15_000,
  });
  await screenshots(page, "chat-user");

  // The club chat: the member talks there; the owner gets an explanation and no polling.
  await sendToClub(joiner, theClub.id, "Hello, club room!");
  await page.goto(`/chat/club/${theClub.id}`);
  await expect(page.getByTestId("chat-message")).toContainText(["Hello, club room!"]);
  await expect(page.getByTestId("conversation").filter({ hasText: theClub.name })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await screenshots(page, "chat-club");
  const clubCalls: string[] = [];
  ownerPage.on("request", (request) => {
    if (request.url().includes(`/api/messages/club/${theClub.id}`)) clubCalls.push(request.url());
  });
  await ownerPage.goto(`/chat/club/${theClub.id}`);
  await expect(
    ownerPage.getByText(/You own this club, so its group chat is for its members only/),
  ).toBeVisible();
  await expect(ownerPage.getByRole("textbox", { name: "Message" })).toHaveCount(0);
  await ownerPage.waitForTimeout(2_500);
  expect(clubCalls).toEqual([]);
  await screenshots(ownerPage, "chat-club-owner");
  await ownerPage.context().close();
});

test("chat: trimmed, empty ignored, 500-word truncation, 304 polls, scroll threshold, no lost input", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const me = await member();
  const friend = await member();
  for (let i = 1; i <= 30; i += 1) await sendDirect(friend, me.id, `Earlier message ${i}`);
  await signIn(page, me.token);

  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/messages/")) posts.push(request.url());
  });
  const notModified = page.waitForResponse((r) => r.url().includes("after=") && r.status() === 304);
  await page.goto(`/chat/user/${friend.id}`);
  const list = page.getByTestId("message-list");
  await expect(page.getByTestId("chat-message").last()).toContainText("Earlier message 30");
  await notModified;
  // Opened at the bottom.
  await expect
    .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
    .toBeLessThan(5);

  // Empty input is ignored; the text is trimmed.
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill("   ");
  await box.press("Enter");
  await page.waitForTimeout(300);
  expect(posts).toEqual([]);
  await box.fill("   hi there   ");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("chat-message").last().locator(".bubble__text")).toHaveText("hi there");
  expect(posts).toHaveLength(1);

  // Scrolled up, a new message does not move the reader; near the bottom it does.
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await sendDirect(friend, me.id, "While you were reading");
  await expect(page.getByRole("button", { name: "New messages" })).toBeVisible({ timeout: 15_000 });
  expect(await list.evaluate((el) => el.scrollTop)).toBeLessThan(5);
  await page.getByRole("button", { name: "New messages" }).click();
  await expect
    .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
    .toBeLessThan(5);
  await list.evaluate((el) => {
    el.scrollTop = el.scrollHeight - el.clientHeight - 60; // within 80 px of the bottom
  });
  await sendDirect(friend, me.id, "Near the bottom");
  await expect(page.getByTestId("chat-message").last()).toContainText("Near the bottom", { timeout: 15_000 });
  await expect
    .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
    .toBeLessThan(5);

  // A 600-word message (short words: the API caps a message at 4000 characters) shows its first 500 words.
  await sendDirect(friend, me.id, words(600, "w"));
  const long = page.getByTestId("chat-message").last();
  await expect(long).toContainText("w500…", { timeout: 15_000 });
  await expect(long).not.toContainText("w501");
  await long.getByRole("button", { name: "Show more" }).click();
  await expect(long).toContainText("w600");

  // A failed send keeps the text; a muted user sees the server's reason.
  await page.route("**/api/messages/user/*", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
  );
  await box.fill("Do not lose me");
  await box.press("Enter");
  await expect(page.getByText("Couldn't send the message")).toBeVisible();
  await expect(box).toHaveValue("Do not lose me");
  await page.unroute("**/api/messages/user/*");
  await sql()`update users set mute_until = now() + interval '1 day' where id = ${me.id}`;
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText(/You are muted until/)).toBeVisible();
  await expect(box).toHaveValue("Do not lose me");
  await screenshots(page, "chat-muted");
});

test("chat on a phone: the list and the thread are two views", async ({ page }) => {
  const me = await member();
  const friend = await member();
  await sendDirect(friend, me.id, "Hi from a phone test");
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, me.token);
  await page.goto(`/chat/user/${friend.id}`);
  await expect(page.getByTestId("chat-message")).toContainText(["Hi from a phone test"]);
  await expect(page.getByRole("heading", { name: "Conversations" })).toBeHidden();
  await page.getByRole("button", { name: "All conversations" }).click();
  await expect(page.getByRole("heading", { name: "Conversations" })).toBeVisible();
  await expect(page.getByTestId("message-list")).toBeHidden();
  await page.screenshot({ path: "e2e/screenshots/chat-list-phone.png", fullPage: true });
  await page.getByTestId("conversation").first().click();
  await expect(page.getByTestId("message-list")).toBeVisible();
});

test("my clubs: leave after confirming, the failure message, and the empty state", async ({ page }) => {
  const owner = await member("owner");
  const me = await member();
  const first = await club(owner, `Chess ${Date.now()}`);
  const second = await club(owner, `Drama ${Date.now()}`);
  await join(me, owner, first.id);
  await join(me, owner, second.id);
  await signIn(page, me.token);
  await page.goto("/my-clubs");
  const cards = page.getByTestId("my-club");
  await expect(cards).toHaveCount(2);

  // Cancelling the confirmation keeps the club.
  page.once("dialog", (dialog) => dialog.dismiss());
  await cards
    .filter({ hasText: first.name })
    .getByRole("button", { name: /^Leave/ })
    .click();
  await expect(cards).toHaveCount(2);

  await page.route("**/api/clubs/*/membership", (route) => route.fulfill({ status: 500, body: "" }));
  page.once("dialog", (dialog) => dialog.accept());
  await cards
    .filter({ hasText: first.name })
    .getByRole("button", { name: /^Leave/ })
    .click();
  await expect(page.getByRole("alert")).toHaveText("Failed to disconnect");
  await expect(cards).toHaveCount(2);
  await page.unroute("**/api/clubs/*/membership");

  for (const name of [first.name, second.name]) {
    page.once("dialog", (dialog) => dialog.accept());
    await cards
      .filter({ hasText: name })
      .getByRole("button", { name: /^Leave/ })
      .click();
    await expect(page.getByText(`You left ${name}.`)).toBeVisible();
  }
  await expect(cards).toHaveCount(0);
  await expect(page.getByText("You haven't joined any clubs yet.")).toBeVisible();
  await screenshots(page, "my-clubs-empty");
  await page.getByRole("link", { name: "Browse clubs" }).click();
  await expect(page).toHaveURL(/\/clubs$/);
});

test("connections: load, accept, decline and disconnect failures use the spec's messages", async ({
  page,
}) => {
  const owner = await member("owner");
  const asker = await member();
  const other = await member();
  const theClub = await club(owner);
  for (const user of [asker, other]) {
    const res = await seed.call(`/api/connection-requests?club_id=${theClub.id}`, {
      method: "POST",
      token: user.token,
    });
    expect(res.status).toBe(201);
  }
  await signIn(page, owner.token);

  await page.route("**/api/my-connections", (route) => route.fulfill({ status: 500, body: "" }));
  await page.goto("/connections");
  await expect(page.getByText("Failed to load connections")).toBeVisible();
  await page.unroute("**/api/my-connections");

  await page.route("**/api/connection-requests/sent*", (route) => route.fulfill({ status: 500, body: "" }));
  await page.route("**/api/connection-requests/received*", (route) =>
    route.fulfill({ status: 500, body: "" }),
  );
  await page.getByRole("tab", { name: "Connection Requests" }).click();
  await expect(page.getByText("Failed to load sent requests")).toBeVisible();
  await expect(page.getByText("Failed to load received requests")).toBeVisible();
  await page.unroute("**/api/connection-requests/sent*");
  await page.unroute("**/api/connection-requests/received*");
  await page.reload();
  const incoming = page.getByTestId("request-received");
  await expect(incoming).toHaveCount(2);

  await page.route("**/api/connection-requests/*/accept", (route) =>
    route.fulfill({ status: 500, body: "" }),
  );
  await incoming
    .first()
    .getByRole("button", { name: /^Accept/ })
    .click();
  await expect(page.getByRole("alert")).toHaveText("Failed to accept");
  await page.route("**/api/connection-requests/*", (route) =>
    route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
  );
  await incoming
    .first()
    .getByRole("button", { name: /^Decline/ })
    .click();
  await expect(page.getByRole("alert")).toHaveText("Failed to decline");
  await page.unrouteAll();
  await expect(incoming).toHaveCount(2);

  await incoming
    .first()
    .getByRole("button", { name: /^Decline/ })
    .click();
  await expect(page.getByText(/declined\.$/)).toBeVisible();
  await expect(incoming).toHaveCount(1);
  await incoming
    .first()
    .getByRole("button", { name: /^Accept/ })
    .click();
  await expect(incoming).toHaveCount(0);
  await expect(page.getByText("No requests are waiting for you.")).toBeVisible();

  // A member disconnects from a club; a failure says so.
  await page.goto("/clubs");
  const joined = await member();
  await join(joined, owner, theClub.id);
  const memberPage = page;
  await memberPage.evaluate((token) => localStorage.setItem("token", token), joined.token);
  await memberPage.goto("/connections");
  await memberPage.route(`**/api/connections/${theClub.id}`, (route) =>
    route.fulfill({ status: 500, body: "" }),
  );
  memberPage.once("dialog", (dialog) => dialog.accept());
  await memberPage.getByRole("button", { name: `Disconnect from ${theClub.name}` }).click();
  await expect(memberPage.getByRole("alert")).toHaveText("Failed to disconnect");
  await memberPage.unroute(`**/api/connections/${theClub.id}`);
  memberPage.once("dialog", (dialog) => dialog.accept());
  await memberPage.getByRole("button", { name: `Disconnect from ${theClub.name}` }).click();
  await expect(memberPage.getByText(`Disconnected from ${theClub.name}.`)).toBeVisible();
  await expect(memberPage.getByTestId("connection-club")).toHaveCount(0);
  await expect(memberPage.getByText("No connections yet.", { exact: false })).toBeVisible();
  await screenshots(memberPage, "connections-empty");
});

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
  await expect(page.getByRole("heading", { name: "Test Student" })).toBeVisible();
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
  await expect(first).toHaveValue("Test");
  await page.getByLabel("Profile picture").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not an image"),
  });
  await expect(page.getByText("Only PNG, JPG or JPEG images are allowed.")).toBeVisible();
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
  await expect(page.getByRole("heading", { name: "Marcos Student" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Profile picture of Marcos Student" })).toHaveAttribute(
    "src",
    /\/uploads\//,
  );
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
});

test("connection requests: a member withdraws a request they sent", async ({ page }) => {
  const owner = await member("owner");
  const me = await member();
  const theClub = await club(owner, `Chorus ${Date.now()}`);
  const asked = await seed.call(`/api/connection-requests?club_id=${theClub.id}`, {
    method: "POST",
    token: me.token,
  });
  expect(asked.status).toBe(201);
  await signIn(page, me.token);
  await page.goto("/connections?tab=requests");
  // Members receive no requests: only their own are listed.
  await expect(page.getByRole("heading", { name: "Requests to your clubs" })).toHaveCount(0);
  const sent = page.getByTestId("request-sent");
  await expect(sent).toContainText(`Waiting for ${theClub.name} to answer`);
  await sent.getByRole("button", { name: `Withdraw your request to ${theClub.name}` }).click();
  await expect(page.getByText(`Request to ${theClub.name} withdrawn.`)).toBeVisible();
  await expect(sent).toHaveCount(0);
  await expect(page.getByText("You have no pending requests.")).toBeVisible();
  const left = await seed.call("/api/connection-requests/sent", { token: me.token });
  expect(left.body).toEqual([]);
});

test("chat history: earlier messages load on request and keep the reader's place", async ({ page }) => {
  const me = await member();
  const friend = await member();
  for (let i = 1; i <= 55; i += 1) await sendDirect(friend, me.id, `History ${i}`);
  await signIn(page, me.token);
  await page.goto(`/chat/user/${friend.id}`);
  const items = page.getByTestId("chat-message");
  await expect(items).toHaveCount(50);
  await expect(items.first()).toContainText("History 6");
  const list = page.getByTestId("message-list");
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  const anchor = page.locator(".bubble__text", { hasText: /^History 6$/ });
  const before = await anchor.evaluate((el) => el.getBoundingClientRect().top);
  await page.getByRole("button", { name: "Load earlier messages" }).click();
  await expect(items).toHaveCount(55);
  await expect(items.first()).toContainText("History 1");
  await expect(page.getByRole("button", { name: "Load earlier messages" })).toHaveCount(0);
  const after = await anchor.evaluate((el) => el.getBoundingClientRect().top);
  expect(Math.abs(after - before)).toBeLessThan(80);
});
