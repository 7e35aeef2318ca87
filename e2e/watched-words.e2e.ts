import type { Page } from "@playwright/test";
import { format, messages } from "../common/messages";
import { englishOnPage } from "./support/english-text";
import { expect, pageFor, seed, shot, test, uniqueName } from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * The admin's watched-words screen (issue 37): add a word, change what it does, delete it,
 * keyboard only, in Spanish on a phone and in English on a laptop, with no serious axe
 * violation and nothing scrolling sideways. The list starts seeded (LDNOOBW), so rows are
 * found through the search field.
 */
// The two walks share nothing (each its own word): one worker each.
test.describe.configure({ timeout: 120_000, mode: "parallel" });

async function walkThrough(page: Page, locale: "es" | "en", name: string) {
  const t = messages(locale).watchedWordsPage;
  const word = uniqueName("zopenco");
  await page.goto("/admin/watched-words");
  await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
  // The seeded list is long: 50 rows at first, 50 more on request, the search reads them all.
  await expect(page.getByTestId("watched-word")).toHaveCount(50);
  await page.getByRole("button", { name: format(t.showMore, { more: 50 }) }).click();
  await expect(page.getByTestId("watched-word")).toHaveCount(100);
  await expectNoSeriousAxeViolations(page, `watched words (${locale})`);

  // Add: type the word, move to the action with Tab and pick "block" with the keyboard, submit.
  await page.getByLabel(t.word).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(messages(locale).watchedWords.wordRequired)).toBeVisible();
  await expect(page.getByLabel(t.word)).toBeFocused();
  await page.keyboard.type(word);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(t.action, { exact: true })).toBeFocused();
  // Hold explains itself: what waits hidden, and that names and profiles are refused instead.
  await page.keyboard.press("End");
  await expect(page.getByLabel(t.action, { exact: true })).toHaveValue("hold");
  await expect(page.getByLabel(t.action, { exact: true })).toHaveAccessibleDescription(t.holdHelp);
  await page.keyboard.press("Home");
  await expect(page.getByLabel(t.action, { exact: true })).toHaveValue("block");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText(t.added.replace("{word}", word))).toBeVisible();

  // Find it, change it to censor from its own menu.
  await page.getByLabel(t.search).focus();
  await page.keyboard.type(word);
  const row = page.getByTestId("watched-word");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("combobox")).toHaveValue("block");
  if (locale === "es") await shot(page, `watched-words-${name}`);
  await page.keyboard.press("Tab");
  await expect(row.getByRole("combobox")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText(t.saved)).toBeVisible();
  await expect(row.getByRole("combobox")).toHaveValue("censor");
  await expectNoSeriousAxeViolations(page, `watched words after changes (${locale})`);

  // Delete behind the app's confirmation dialog.
  await page.keyboard.press("Tab");
  await expect(row.getByRole("button", { name: t.deleteLabel.replace("{word}", word) })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: t.deleteTitle.replace("{word}", word) });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page, `delete dialog (${locale})`);
  await dialog.getByRole("button", { name: t.delete, exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(t.deleted.replace("{word}", word))).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(t.noMatches)).toBeVisible();
  return word;
}

test("Spanish on a 360 px phone, keyboard only: add, change and delete a watched word", async ({
  browser,
}) => {
  const admin = await seed.user({ role: "admin" });
  const page = await pageFor(browser, admin, "es-NI");
  await page.setViewportSize({ width: 360, height: 780 });
  await walkThrough(page, "es", "phone-es");
  await page.waitForLoadState("networkidle");
  expect(await englishOnPage(page), "English text on the Spanish screen").toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
  await page.context().close();
});

test("English at 1280 px, keyboard only; a blocked word is refused for members", async ({ browser }) => {
  const admin = await seed.user({ role: "admin" });
  const page = await pageFor(browser, admin, "en-US");
  await page.setViewportSize({ width: 1280, height: 800 });
  await walkThrough(page, "en", "desktop-en");
  await keepScreenshot(page, { path: "e2e/screenshots/watched-words-desktop-en.png", fullPage: true });

  // The list applies at once: a username with a blocked word is refused, without repeating it.
  const word = uniqueName("mequetrefe");
  const added = await seed.call("/api/admin/watched-words", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ word, action: "block" }),
    token: admin.token,
  });
  expect(added.status).toBe(201);
  const signup = await seed.call("/signup", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: `${word}_x`.slice(0, 32), password: "correct-horse-battery" }),
  });
  expect(signup.status).toBe(422);
  expect(signup.body.detail).toBe(messages("en").watchedWords.blocked);
  await page.context().close();
});
