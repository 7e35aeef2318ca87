import type { Locator, Page } from "@playwright/test";
import { club as clubOf, join, member, post, sendToClub } from "./support/community-seed";
import { expect, hydrated, test, uniqueName } from "./support/fixtures";

/**
 * Keyboard only, as someone without a mouse (or with a screen reader) uses the app: sign in,
 * search, open a club, connect, open a post (Like) and close it, send a chat message, leave a
 * club. After each change of page focus is on the page's heading and the heading was announced;
 * the results of Connect, Like and Leave are announced in a live region.
 */

/** Presses Tab (forward) until the target has focus; fails if it never comes. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, "reached by Tab").toBeFocused();
}

/** Tabs keep one stop in the Tab order (the selected tab); the arrow keys move between them. */
async function openTab(page: Page, name: string) {
  await tabTo(page, page.getByRole("tab", { selected: true }));
  const tab = page.getByRole("tab", { name });
  for (let i = 0; i < 8 && !(await tab.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("ArrowRight");
  await expect(tab).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(tab).toHaveAttribute("aria-selected", "true");
}

async function expectArrivedAt(page: Page, heading: string | RegExp) {
  const h1 = page.locator("#main h1");
  await expect(h1).toHaveText(heading);
  await expect(h1).toBeFocused();
  await expect(page.getByTestId("announcer")).toHaveAttribute("data-message", heading);
}

test("keyboard only: sign in, search, open a club, connect, open and close a post, chat", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await member("owner");
  const student = await member();
  const target = await clubOf(owner, uniqueName("Keyboard Club "));
  const news = await post(owner, target.id, uniqueName("Keyboard news "));
  const home = await clubOf(owner, uniqueName("Home Club "));
  await join(student, owner, home.id);
  await sendToClub(student, home.id, "First!");

  await page.goto("/login");
  await hydrated(page);
  await tabTo(page, page.getByLabel("Username"));
  await page.keyboard.type(student.username);
  await tabTo(page, page.getByLabel("Password", { exact: true }));
  await page.keyboard.type(student.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/clubs$/);
  await expectArrivedAt(page, "Clubs");

  // A search keeps the searcher in the search field, with the results below it.
  const searchbox = page.getByRole("searchbox");
  await tabTo(page, searchbox);
  await page.keyboard.type(target.name);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId("club-card")).toHaveCount(1);
  await expect(page.getByRole("searchbox")).toBeFocused();

  await tabTo(page, page.getByTestId("club-card"));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/clubs/${target.id}$`));
  await expectArrivedAt(page, target.name);

  // Connect (on the club's Connect tab, unless the page shows it up front).
  const connect = page.getByRole("button", { name: "Connect", exact: true });
  if (!(await connect.isVisible())) {
    await openTab(page, "Connect");
  }
  await tabTo(page, connect);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("announcer")).toHaveAttribute("data-message", "Connection Sent");
  const sent = page.getByRole("button", { name: "Connection Sent" });
  await expect(sent).toBeFocused();
  await expect(sent).toBeDisabled();

  // A post opens in the dialog and Escape closes it, back on the post's card.
  await openTab(page, "Posts");
  const card = page.getByRole("link", { name: `Open post: ${news.title}` });
  await tabTo(page, card);
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("post-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: news.title })).toBeVisible();
  // Focus moved into the modal (its Close button comes first).
  await expect
    .poll(() => page.getByRole("dialog").evaluate((el) => el.contains(document.activeElement)))
    .toBe(true);
  // Like, announced inside the dialog (the modal makes the rest of the page inert).
  await tabTo(page, dialog.getByTestId("like-button"));
  await page.keyboard.press("Enter");
  await expect(dialog.getByTestId("post-announcer")).toHaveAttribute("data-message", "Liked");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();

  // The chat inbox from the top bar, then the club's chat.
  await tabTo(page, page.getByRole("link", { name: "Chats", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats$/);
  await expectArrivedAt(page, "Chats");
  await tabTo(page, page.getByTestId("conversation").filter({ hasText: home.name }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/chat/club/${home.id}$`));
  await expect(page.locator("#main h1")).toHaveText(home.name);
  await expect(page.locator("#main h1")).toBeFocused();
  await tabTo(page, page.getByRole("combobox", { name: "Message" }));
  await page.keyboard.type("Hello from the keyboard");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("chat-message").last()).toHaveText(/^You: Hello from the keyboard/);
  await expect(page.getByRole("combobox", { name: "Message" })).toBeFocused();

  // Leave, from My Clubs: the result is announced.
  await tabTo(page, page.getByRole("link", { name: "My Clubs", exact: true }));
  await page.keyboard.press("Enter");
  await expectArrivedAt(page, "My Clubs");
  await tabTo(page, page.getByRole("button", { name: new RegExp(home.name) }));
  await page.keyboard.press("Enter");
  // The app's own dialog: focus starts on its close button; Tab to Cancel, Tab to the action.
  await expect(page.locator("dialog.confirm-dialog")).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("announcer")).toHaveAttribute("data-message", `You left ${home.name}.`);
});
