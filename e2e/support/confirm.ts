import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Answers the app's own confirmation dialog (client/components/confirm-host.tsx), which replaced
 * the browser's confirm(): checks the question, then presses the dialog's action (`yes`) or
 * its Cancel (the second-to-last button; the last is the action, the first the close button).
 */
export async function answerConfirm(page: Page, yes: boolean, question?: string | RegExp) {
  const dialog = page.locator("dialog.confirm-dialog");
  await expect(dialog).toBeVisible();
  if (question) await expect(dialog).toContainText(question);
  const buttons = dialog.locator(".confirm-dialog__actions button");
  await buttons.nth(yes ? 1 : 0).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Opens the "⋯" menu inside `scope` (a chat message, a comment, a post) with the keyboard and
 * chooses `item`: Enter opens it with focus on the first item, ArrowDown moves, Enter picks.
 */
export async function chooseInMenu(scope: Locator, item: string | RegExp, menuLabel = "More actions") {
  const button = scope.getByRole("button", { name: menuLabel, exact: true });
  await button.focus();
  await button.press("Enter");
  const menu = scope.getByRole("menu");
  await expect(menu).toBeVisible();
  const wanted = menu.getByRole("menuitem", { name: item });
  await expect(wanted).toHaveCount(1);
  for (let step = 0; step < 5; step += 1) {
    if (await wanted.evaluate((el) => el === document.activeElement)) break;
    await scope.page().keyboard.press("ArrowDown");
  }
  await expect(wanted).toBeFocused();
  await scope.page().keyboard.press("Enter");
}

/** The items the "⋯" menu inside `scope` offers (opened and closed again with Escape). */
export async function menuItems(scope: Locator, menuLabel = "More actions"): Promise<string[]> {
  const button = scope.getByRole("button", { name: menuLabel, exact: true });
  await button.click();
  const menu = scope.getByRole("menu");
  await expect(menu).toBeVisible();
  const items = await menu.getByRole("menuitem").allInnerTexts();
  // Escape only while the menu is open: with nothing open it would close the dialog around it
  // (the post dialog), and every later look in an expect.poll would find nothing.
  if (await menu.isVisible()) await scope.page().keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  return items.map((text) => text.trim());
}
