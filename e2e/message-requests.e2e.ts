import type { Page } from "@playwright/test";
import { format, messages } from "../common/messages";
import { member, sendDirect } from "./support/community-seed";
import { englishOnPage } from "./support/english-text";
import { expect, pageFor, seed, shot, signIn, sql, test } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Safe by default for minors (issue 37): a stranger's messages wait in the "Message requests"
 * folder with Accept, Delete and Block or report; the sender reads "Sent as a request"; the
 * profile's "Who can message you" setting. Keyboard only, at 360 px and 1280 px, English and
 * Spanish, no serious axe violation.
 */
test.describe.configure({ timeout: 150_000 });

const en = messages("en");
const es = messages("es");

async function named(userId: number, first: string, last: string, school: string | null = null) {
  await sql()`update users set first_name = ${first}, last_name = ${last}, school = ${school} where id = ${userId}`;
}

/** Presses Tab until `target` has focus (at most `limit` times); fails otherwise. */
async function tabTo(page: Page, target: ReturnType<Page["getByRole"]>, limit = 25) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("requests folder and the accept flow, keyboard only, in English at 1280 px and 360 px", async ({
  page,
  browser,
}) => {
  const student = await member();
  const stranger = await member();
  await named(student.id, "Sofía", "Arróliga");
  await named(stranger.id, "Marcos", "Téllez", "Colegio Teresiano");
  await sendDirect(stranger, student.id, "Hola, vi tu foto en el club de robótica");
  await sendDirect(stranger, student.id, "¿Me pasas tu número?");

  // The sender: "Sent as a request" under their messages; a fourth message is refused.
  const strangerPage = await pageFor(browser, stranger);
  await strangerPage.goto(`/chat/user/${student.id}`);
  await expect(strangerPage.getByTestId("sent-as-request")).toContainText(
    en.messageRequestsPage.sentAsRequest,
  );
  await sendDirect(stranger, student.id, "¿Hola?");
  const fourth = await seed.call(`/api/messages/user/${student.id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ content: "¿Estás ahí?" }),
    token: stranger.token,
  });
  expect(fourth.status).toBe(403);
  expect(fourth.body.detail).toBe(format(en.messageRequests.notAcceptedYet, { name: "Sofía Arróliga" }));

  await signIn(page, student.token);
  await page.goto("/chats");
  const folder = page.getByTestId("requests-folder");
  await expect(folder).toContainText(`${en.messageRequestsPage.folder}(1)`);
  // Not in the main list: only the folder row leads to the stranger.
  await expect(page.getByTestId("conversation").filter({ hasText: "Marcos" })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, "the chat inbox with a request");
  await shot(page, "message-requests-inbox-en");

  await tabTo(page, page.getByRole("link", { name: new RegExp(en.messageRequestsPage.folder) }), 40);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/requests$/);
  const card = page.getByTestId("message-request");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Marcos Téllez");
  await expect(card).toContainText("School: Colegio Teresiano");
  await expect(card).toContainText(en.messageRequestsPage.noSharedClubs);
  await expect(card).toContainText("¿Hola?");
  await expectNoSeriousAxeViolations(page, "the message requests folder");
  await shot(page, "message-requests-folder-en");

  // Open the request's chat: the messages, the banner and the decision.
  await tabTo(page, card.getByRole("link"));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/chat/user/${stranger.id}$`));
  await expect(page.getByTestId("chat-message")).toHaveCount(3);
  const banner = page.getByTestId("request-banner");
  await expect(banner).toContainText(format(en.messageRequestsPage.banner, { name: "Marcos Téllez" }));
  await expect(banner).toContainText("School: Colegio Teresiano");
  await expectNoSeriousAxeViolations(page, "a message request's chat");
  await shot(page, "message-requests-chat-en");
  await page.setViewportSize({ width: 360, height: 740 });
  const accept = banner.getByRole("button", { name: en.messageRequestsPage.accept });
  await accept.focus();
  await page.keyboard.press("Enter");
  await expect(banner).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Message" })).toBeEnabled();

  // Accepted: the conversation is in the main list, the folder is empty, the sender may write on.
  await page.goto("/chats");
  await expect(page.getByTestId("conversation").filter({ hasText: "Marcos" })).toHaveCount(1);
  await expect(folder).not.toContainText("(1)");
  await sendDirect(stranger, student.id, "¡Gracias por aceptar!");
  await strangerPage.reload();
  await expect(strangerPage.getByTestId("chat-message").last()).toContainText("¡Gracias por aceptar!");
  await expect(strangerPage.getByTestId("sent-as-request")).toHaveCount(0);
  await strangerPage.context().close();
});

test.describe("in Spanish", () => {
  test.use({ locale: "es-NI", extraHTTPHeaders: { "accept-language": "es-NI,es;q=0.9" } });

  test("Eliminar and Bloquear o denunciar at 360 px, keyboard only", async ({ page }) => {
    const student = await member();
    const first = await member();
    const second = await member();
    await named(student.id, "Sofía", "Arróliga");
    await named(first.id, "Ramiro", "Duarte", "Instituto Loyola");
    await named(second.id, "Iván", "Mendieta");
    await sendDirect(first, student.id, "Hola");
    await sendDirect(second, student.id, "Oye, contéstame");
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, student.token);

    await page.goto("/chats/requests");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(es.messageRequestsPage.title);
    const cards = page.getByTestId("message-request");
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: "Ramiro Duarte" })).toContainText("Colegio: Instituto Loyola");
    await expect(cards.filter({ hasText: "Iván Mendieta" })).toContainText(es.messageRequestsPage.noSchool);
    await expect(cards.first()).toContainText("Clubes en común: ninguno");
    await page.waitForLoadState("networkidle");
    expect(await englishOnPage(page), "English on the Spanish requests folder").toEqual([]);
    await expectNoSeriousAxeViolations(page, "la carpeta de solicitudes");
    await shot(page, "message-requests-folder-es");

    // Eliminar: the app's dialog, confirmed with the keyboard; the sender is not told.
    const ramiro = cards.filter({ hasText: "Ramiro Duarte" });
    await ramiro.getByRole("button", { name: es.messageRequestsPage.delete }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(
      format(es.messageRequestsPage.deleteConfirm, { name: "Ramiro Duarte" }),
    );
    await expectNoSeriousAxeViolations(page, "el diálogo de eliminar");
    await tabTo(page, dialog.getByRole("button", { name: es.messageRequestsPage.delete }), 6);
    await page.keyboard.press("Enter");
    await expect(cards).toHaveCount(1);
    const [row] = await sql()`select hidden_through_id > 0 as hidden from conversation_reads
      where user_id = ${student.id} and conversation_key = ${`user:${first.id}`}`;
    expect(row?.hidden).toBe(true);

    // Bloquear o denunciar: a menu (arrow keys), then the block confirmation.
    const menuButton = page.getByRole("button", {
      name: format(es.messageRequestsPage.blockReportNamed, { name: "Iván Mendieta" }),
    });
    await menuButton.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText([es.safetyPage.block, es.reportUi.menuItem]);
    await expect(menu.getByRole("menuitem", { name: es.safetyPage.block })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toContainText("¿Bloquear a Iván Mendieta?");
    await tabTo(page, page.getByRole("dialog").getByRole("button", { name: es.safetyPage.block }), 6);
    await page.keyboard.press("Enter");
    await expect(page.getByText(es.messageRequestsPage.empty)).toBeVisible();
    const refused = await seed.call(`/api/messages/user/${student.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "¿Hola?" }),
      token: second.token,
    });
    expect(refused.status).toBe(403);
  });

  test("Quién puede escribirte on /settings at 360 px, keyboard only; strangers are then refused", async ({
    page,
  }) => {
    const student = await member();
    const stranger = await member();
    await named(student.id, "Sofía", "Arróliga");
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, student.token);
    await page.goto("/settings");
    const setting = page.getByTestId("who-can-message");
    await expect(setting.getByRole("group", { name: es.contactSettings.title })).toBeVisible();
    const everyone = setting.getByRole("radio", { name: new RegExp(`^${es.contactSettings.everyone}`) });
    await expect(everyone).toBeChecked();
    await everyone.focus();
    await page.keyboard.press("ArrowDown");
    await expect(
      setting.getByRole("radio", { name: new RegExp(`^${es.contactSettings.clubs}`) }),
    ).toBeChecked();
    await tabTo(page, setting.getByRole("button", { name: es.contactSettings.save }), 4);
    await page.keyboard.press("Enter");
    await expect(setting.getByRole("status")).toHaveText(es.contactSettings.saved);
    await page.waitForLoadState("networkidle");
    expect(await englishOnPage(page), "English on the Spanish profile").toEqual([]);
    await expectNoSeriousAxeViolations(
      page,
      "el ajuste de quién puede escribirte",
      '[data-testid="who-can-message"]',
    );
    await setting.scrollIntoViewIfNeeded();
    await shot(page, "who-can-message-es");

    const saved = await seed.call("/api/users/me/notification-settings", { token: student.token });
    expect(saved.body).toMatchObject({ who_can_message: "clubs", digest: true });
    const refused = await seed.call(`/api/messages/user/${student.id}`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "es" },
      body: JSON.stringify({ content: "Hola" }),
      token: stranger.token,
    });
    expect(refused).toEqual({
      status: 403,
      body: { detail: format(es.messageRequests.onlyClubs, { name: "Sofía Arróliga" }) },
    });
  });
});

test("the setting in English at 1280 px: Nobody, then back to Everyone", async ({ page }) => {
  const student = await member();
  await signIn(page, student.token);
  await page.goto("/settings");
  const setting = page.getByTestId("who-can-message");
  // The choices are disabled until the saved setting has loaded: a key pressed before is lost.
  await expect(
    setting.getByRole("radio", { name: new RegExp(`^${en.contactSettings.everyone}`) }),
  ).toBeChecked();
  await setting.getByRole("radio", { name: new RegExp(`^${en.contactSettings.nobody}`) }).focus();
  await page.keyboard.press("Space");
  await tabTo(page, setting.getByRole("button", { name: en.contactSettings.save }), 4);
  await page.keyboard.press("Enter");
  await expect(setting.getByRole("status")).toHaveText(en.contactSettings.saved);
  expect(
    (await seed.call("/api/users/me/notification-settings", { token: student.token })).body,
  ).toMatchObject({ who_can_message: "nobody", digest: true });
  await expectNoSeriousAxeViolations(
    page,
    "who can message you (English)",
    '[data-testid="who-can-message"]',
  );
  await shot(page, "who-can-message-en");
  await page.reload();
  await expect(
    setting.getByRole("radio", { name: new RegExp(`^${en.contactSettings.nobody}`) }),
  ).toBeChecked();
  await setting.getByRole("radio", { name: new RegExp(`^${en.contactSettings.everyone}`) }).focus();
  await page.keyboard.press("Space");
  await setting.getByRole("button", { name: en.contactSettings.save }).press("Enter");
  await expect(setting.getByRole("status")).toHaveText(en.contactSettings.saved);
});
