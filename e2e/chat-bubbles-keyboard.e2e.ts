import { clubChat } from "./support/chat-bubbles-world";
import { expect, refuseLive, signIn, test } from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

test.describe.configure({ timeout: 150_000 });

/**
 * Replies, reactions, edit and tombstones with the fields the chat API adds (issue 48's shape:
 * reply_to, reactions, edited_at, deleted). Until that server lands, the page's requests are
 * answered in that shape from today's answers, so the browser side is checked by keyboard now.
 */
test("with the chat API's new fields: react, reply, edit and delete by keyboard", async ({ page }) => {
  const { room, me } = await clubChat();
  await signIn(page, me.token);
  // The real server's fields (client_id, reply_to, reactions, edited_at, deleted), over REST.
  await refuseLive(page);
  const replies: unknown[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/api\/messages\/club\/\d+$/.test(request.url())) {
      replies.push((request.postDataJSON() as { reply_to?: number }).reply_to);
    }
  });

  await page.goto(`/chat/club/${room.id}`);
  const rows = page.getByTestId("chat-message");
  await expect(rows).toHaveCount(15);
  const last = rows.last();
  const bubble = last.locator("[data-bubble]");
  const menu = page.getByRole("menu", { name: "Message actions" });

  // React: Enter, "React", the picker opens on 👍; the arrows move, Enter picks; focus comes back.
  await bubble.focus();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem")).toHaveText(["React", "Reply", "Report", "Block Beto Zeledón"]);
  await expect(menu.getByRole("menuitem", { name: "React" })).toBeFocused();
  await page.keyboard.press("Enter");
  const picker = page.getByRole("menu", { name: "Reactions" });
  await expect(picker.getByRole("menuitemcheckbox", { name: "React with 👍" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(picker.getByRole("menuitemcheckbox", { name: "React with ❤️" })).toBeFocused();
  await expectNoSeriousAxeViolations(page, "reaction picker");
  await keepScreenshot(page, { path: "e2e/screenshots/chat-bubbles-picker-desktop-en.png" });
  await page.keyboard.press("Enter");
  await expect(picker).toHaveCount(0);
  await expect(bubble).toBeFocused();
  const chip = last.getByRole("button", { name: "❤️ 1 person, you included" });
  await expect(chip).toHaveAttribute("aria-pressed", "true");
  // The last message grew: the list keeps it (and its chip) in view.
  await expect(chip).toBeInViewport();
  await keepScreenshot(page, { path: "e2e/screenshots/chat-bubbles-reacted-desktop-en.png" });
  await chip.click();
  await expect(last.locator(".reaction-chip")).toHaveCount(0);

  // Escape closes the picker and gives focus back.
  await bubble.focus();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem", { name: "React" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(picker).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await expect(bubble).toBeFocused();

  // The list moving by itself keeps the menu open; a person scrolling it (the wheel) closes it.
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await page.getByTestId("message-list").evaluate((el) => {
    el.scrollTop -= 40;
  });
  await expect(menu.getByRole("menuitem", { name: "React" })).toBeFocused();
  await page.getByTestId("message-list").hover();
  await page.mouse.wheel(0, -200);
  await expect(menu).toHaveCount(0);

  // Reply to the first message: the quote above the box (Escape cancels), then sent with reply_to.
  const first = rows.first().locator("[data-bubble]");
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem", { name: "React" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  const box = page.getByRole("combobox", { name: "Message" });
  await expect(box).toBeFocused();
  await expect(page.locator(".chat-composer__reply")).toContainText("Replying to Beto Zeledón");
  await page.keyboard.press("Escape");
  await expect(page.locator(".chat-composer__reply")).toHaveCount(0);
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem", { name: "React" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Yo llevo agua");
  await page.keyboard.press("Enter");
  const mine = rows.last();
  await expect(mine.locator(".bubble__text")).toHaveText("Yo llevo agua");
  await expect(mine).not.toHaveAttribute("data-pending", /.*/);
  expect(replies.at(-1)).toBe(Number(await rows.first().getAttribute("data-message-id")));
  const quote = mine.getByRole("button", { name: /^Reply to Beto Zeledón: Hola a todos/ });
  await expect(quote).toBeVisible();
  await keepScreenshot(page, { path: "e2e/screenshots/chat-bubbles-reply-desktop-en.png" });
  await quote.focus();
  await page.keyboard.press("Enter");
  await expect(rows.first()).toHaveClass(/bubble-row--highlight/);
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();

  // Edit my message in place: "edited" in its corner.
  const myBubble = mine.locator("[data-bubble]");
  await myBubble.focus();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem")).toHaveText(["React", "Reply", "Edit", "Delete message"]);
  await menu.getByRole("menuitem", { name: "Edit" }).press("Enter");
  const editor = mine.getByRole("textbox", { name: "Edit your message" });
  await expect(editor).toBeFocused();
  await editor.fill("Yo llevo agua y hielo");
  await editor.press("Enter");
  await expect(mine.locator(".bubble__text")).toHaveText("Yo llevo agua y hielo");
  await expect(mine.locator(".bubble__edited")).toHaveText("edited");

  // Delete: a tombstone stays in place.
  await myBubble.focus();
  await page.keyboard.press("Enter");
  await menu.getByRole("menuitem", { name: "Delete message" }).press("Enter");
  await page.locator("dialog.confirm-dialog .confirm-dialog__actions button").nth(1).click();
  await expect(mine.locator(".bubble__text")).toHaveText("Message deleted");
  await expect(rows).toHaveCount(16);
  await expectNoSeriousAxeViolations(page, "chat with a reply, an edit and a tombstone");
  await keepScreenshot(page, { path: "e2e/screenshots/chat-bubbles-tombstone-desktop-en.png" });
});
