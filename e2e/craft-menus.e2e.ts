import type { Page } from "@playwright/test";
import { format, type Locale, messages } from "../common/messages";
import { club, comment, join, member, post, sendToClub } from "./support/community-seed";
import { chooseInMenu, menuItems } from "./support/confirm";
import { expect, pageFor, shot, sql, test } from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * One menu per thing (issue 38): each chat message and comment has a single "⋯" menu holding
 * Report, Block and Delete (own) instead of a row of icons, and destructive actions are asked in
 * the app's own dialog (focus trapped, Escape closes, in the person's language) instead of the
 * browser's confirm(). Keyboard only, at 360 px in Spanish and 1280 px in English.
 */
test.describe.configure({ timeout: 120_000 });

async function noSidewaysScroll(page: Page, where: string) {
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits, `${where}: no horizontal overflow`).toBe(true);
}

for (const { lang, locale, width } of [
  { lang: "es" as Locale, locale: "es-NI", width: 360 },
  { lang: "en" as Locale, locale: "en-US", width: 1280 },
]) {
  test(`⋯ menus and the app's confirmation dialog (${lang}, ${width} px)`, async ({ browser }) => {
    const t = messages(lang);
    const owner = await member("owner");
    const ana = await member();
    const beto = await member();
    await sql()`update users set first_name = 'Beto', last_name = 'Zeledón' where id = ${beto.id}`;
    const theClub = await club(owner);
    for (const user of [ana, beto]) await join(user, owner, theClub.id);
    await sendToClub(beto, theClub.id, "Hola a todos");
    await sendToClub(ana, theClub.id, "Mensaje equivocado");
    const news = await post(owner, theClub.id, "Feria de libros");
    await comment(beto, news.id, "Comentario de Beto");

    const page = await pageFor(browser, ana, locale);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    page.on("dialog", () => {
      throw new Error("the browser's own dialog opened");
    });
    const more = t.shellCommon.moreActions;
    const blockBeto = format(t.safetyPage.blockNamed, { name: "Beto Zeledón" });

    // A chat: one ⋯ per message, no loose icons; someone else's offers Report and Block.
    await page.goto(`/chat/club/${theClub.id}`);
    const bubbles = page.getByTestId("chat-message");
    await expect(bubbles).toHaveCount(2);
    const betos = bubbles.filter({ hasText: "Hola a todos" });
    const mine = bubbles.filter({ hasText: "Mensaje equivocado" });
    await expect(betos.getByRole("button")).toHaveCount(1);
    // The chat's own actions first (react, reply, and edit on one's own), then safety.
    expect(await menuItems(betos, more)).toEqual([
      t.chatPage.react,
      t.chatPage.reply,
      t.reportUi.menuItem,
      blockBeto,
    ]);
    expect(await menuItems(mine, more)).toEqual([
      t.chatPage.react,
      t.chatPage.reply,
      t.chatPage.edit,
      t.safetyPage.deleteMessage,
    ]);

    // Keyboard: Enter opens with focus on the first item, Escape closes and gives focus back.
    const betosButton = betos.getByRole("button", { name: more, exact: true });
    await betosButton.focus();
    await page.keyboard.press("Enter");
    await expect(betos.getByRole("menuitem").first()).toBeFocused();
    await noSidewaysScroll(page, "chat with an open menu");
    await expectNoSeriousAxeViolations(page, "chat with an open ⋯ menu");
    await shot(page, `craft-menu-chat-${lang}`);
    await betosButton.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await expect(betos.getByRole("menu")).toHaveCount(0);
    await expect(betosButton).toBeFocused();

    // Delete my message: the app's dialog, in my language, focus kept inside; Escape says no.
    await chooseInMenu(mine, t.safetyPage.deleteMessage, more);
    const confirm = page.locator("dialog.confirm-dialog");
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(t.shellCommon.confirmTitle);
    await expect(confirm).toContainText(t.safetyPage.deleteMessageConfirm);
    await expect(
      confirm
        .locator(".confirm-dialog__actions")
        .getByRole("button", { name: t.shellCommon.confirmCancel, exact: true }),
    ).toBeVisible();
    for (let step = 0; step < 5; step += 1) {
      await page.keyboard.press("Tab");
      expect(
        await confirm.evaluate((el) => el.contains(document.activeElement)),
        "focus stays in the dialog",
      ).toBe(true);
    }
    await expectNoSeriousAxeViolations(page, "confirmation dialog");
    await noSidewaysScroll(page, "confirmation dialog");
    await keepScreenshot(page, { path: `e2e/screenshots/craft-confirm-${lang}-${width}.png` });
    await page.keyboard.press("Escape");
    await expect(confirm).toHaveCount(0);
    await expect(bubbles).toHaveCount(2);
    await expect(mine.getByRole("button", { name: more, exact: true })).toBeFocused();

    // Yes, from the keyboard: close button, Cancel, then the action.
    await chooseInMenu(mine, t.safetyPage.deleteMessage, more);
    await expect(confirm).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(
      confirm
        .locator(".confirm-dialog__actions")
        .getByRole("button", { name: t.shellCommon.confirmDelete, exact: true }),
    ).toBeFocused();
    await page.keyboard.press("Enter");
    // A deleted message stays as a tombstone, its text gone.
    await expect(mine).toHaveCount(0);
    await expect(bubbles).toHaveCount(2);
    await expect(bubbles.last()).toContainText(t.chatPage.deleted);

    // A comment: the same single menu beside the author, no wrapped icon row.
    await page.goto(`/clubs/${theClub.id}?tab=posts&post=${news.id}`);
    const comments = page.getByTestId("post-dialog").getByTestId("comment");
    await expect(comments).toHaveCount(1);
    await expect(comments.getByRole("button")).toHaveCount(1);
    expect(await menuItems(comments, more)).toEqual([t.reportUi.menuItem, blockBeto]);
    const head = comments.locator(".comment__head");
    const headBox = await head.boundingBox();
    const menuBox = await comments.getByRole("button", { name: more, exact: true }).boundingBox();
    // The ⋯ sits on the author's line, not wrapped below it.
    expect(menuBox && headBox && menuBox.y < headBox.y + 8).toBe(true);
    await noSidewaysScroll(page, "comments");
    await expectNoSeriousAxeViolations(page, "comments with ⋯ menus", "[data-testid=post-dialog]");
    await shot(page, `craft-menu-comments-${lang}`);
    await page.context().close();
  });
}
