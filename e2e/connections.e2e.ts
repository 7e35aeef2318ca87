import type { Page } from "@playwright/test";
import { club, join, member, sendToClub } from "./support/community-seed";
import { answerConfirm } from "./support/confirm";
import { expect, pageFor, screenshots, seed, signIn, test } from "./support/fixtures";

/**
 * My Clubs and Connections (issue 8): a member connects, the owner accepts, both chat and the
 * Connections badge follows the unread messages; then each screen's failure paths.
 */

// Several browsers, real polling and a shared CI machine: give each walk-through room.
test.describe.configure({ timeout: 120_000 });

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
  await expect(incoming).toContainText(joiner.name);
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
  await cards
    .filter({ hasText: first.name })
    .getByRole("button", { name: /^Leave/ })
    .click();
  await answerConfirm(page, false);
  await expect(cards).toHaveCount(2);

  await page.route("**/api/clubs/*/membership", (route) => route.fulfill({ status: 500, body: "" }));
  await cards
    .filter({ hasText: first.name })
    .getByRole("button", { name: /^Leave/ })
    .click();
  await answerConfirm(page, true);
  await expect(page.getByRole("alert")).toHaveText("Failed to disconnect");
  await expect(cards).toHaveCount(2);
  await page.unroute("**/api/clubs/*/membership");

  for (const name of [first.name, second.name]) {
    await cards
      .filter({ hasText: name })
      .getByRole("button", { name: /^Leave/ })
      .click();
    await answerConfirm(page, true);
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
  await memberPage.getByRole("button", { name: `Disconnect from ${theClub.name}` }).click();
  await answerConfirm(memberPage, true);
  await expect(memberPage.getByRole("alert")).toHaveText("Failed to disconnect");
  await memberPage.unroute(`**/api/connections/${theClub.id}`);
  await memberPage.getByRole("button", { name: `Disconnect from ${theClub.name}` }).click();
  await answerConfirm(memberPage, true);
  await expect(memberPage.getByText(`Disconnected from ${theClub.name}.`)).toBeVisible();
  await expect(memberPage.getByTestId("connection-club")).toHaveCount(0);
  await expect(memberPage.getByText("No connections yet.", { exact: false })).toBeVisible();
  await screenshots(memberPage, "connections-empty");
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
