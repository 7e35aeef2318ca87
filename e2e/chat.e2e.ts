import { contacts, member, sendDirect, words } from "./support/community-seed";
import { expect, refuseLive, screenshots, signIn, sql, test } from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";

/** Chat (issue 8): sending, polling, scrolling, long messages, failures, history and the phone layout. */

// Several browsers, real polling and a shared CI machine: give each walk-through room.
test.describe.configure({ timeout: 120_000 });

test("chat: trimmed, empty ignored, 500-word truncation, 304 polls, scroll threshold, no lost input", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const me = await member();
  const friend = await member();
  // Friends already: a stranger's first messages would be a message request (e2e/message-requests.e2e.ts).
  await contacts(me, friend);
  for (let i = 1; i <= 30; i += 1) await sendDirect(friend, me.id, `Earlier message ${i}`);
  // This walk-through checks the 2-second poll and its 304s (the fallback): no live connection.
  await refuseLive(page);
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
  const sent = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/api/messages/"),
  );
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("chat-message").last().locator(".bubble__text")).toHaveText("hi there");
  expect(posts).toHaveLength(1);
  // Confirmed and shown as sent, so the next message to arrive is the friend's.
  expect((await sent).status()).toBe(201);
  await expect(page.locator("[data-message-id]").last()).toContainText("hi there");

  // Scrolled up, a new message does not move the reader; near the bottom it does. The message
  // lands right after the scroll, before the scroll event is sure to have come.
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

  // A failed send stays in the outbox to retry (issue 48); a refused one (muted) comes back to
  // the box with the server's reason.
  await page.route("**/api/messages/user/*", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
  );
  await box.fill("Do not lose me");
  await box.press("Enter");
  await expect(page.getByRole("button", { name: "Not sent · Retry" })).toBeVisible();
  await expect(page.getByTestId("chat-message").last()).toContainText("Do not lose me");
  await page.unroute("**/api/messages/user/*");
  await sql()`update users set mute_until = now() + interval '1 day' where id = ${me.id}`;
  await page.getByRole("button", { name: "Not sent · Retry" }).click();
  await expect(page.getByText(/You are muted until/)).toBeVisible();
  await expect(box).toHaveValue("Do not lose me");
  await expect(page.getByRole("button", { name: "Not sent · Retry" })).toHaveCount(0);
  await screenshots(page, "chat-muted");
});

test("chat on a phone: the list and the thread are two views", async ({ page }) => {
  const me = await member();
  const friend = await member();
  await contacts(me, friend);
  await sendDirect(friend, me.id, "Hi from a phone test");
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, me.token);
  await page.goto(`/chat/user/${friend.id}`);
  await expect(page.getByTestId("chat-message")).toContainText(["Hi from a phone test"]);
  await expect(page.getByRole("heading", { name: "Conversations" })).toBeHidden();
  await page.getByRole("button", { name: "All conversations" }).click();
  await expect(page.getByRole("heading", { name: "Conversations" })).toBeVisible();
  await expect(page.getByTestId("message-list")).toBeHidden();
  await keepScreenshot(page, { path: "e2e/screenshots/chat-list-phone.png", fullPage: true });
  await page.getByTestId("conversation").first().click();
  await expect(page.getByTestId("message-list")).toBeVisible();
});

test("chat history: earlier messages load on request and keep the reader's place", async ({ page }) => {
  const me = await member();
  const friend = await member();
  await contacts(me, friend);
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
