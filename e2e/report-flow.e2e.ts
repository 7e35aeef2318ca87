import type { Page } from "@playwright/test";
import { format, messages } from "../common/messages";
import { member, sendDirect } from "./support/community-seed";
import { chooseInMenu } from "./support/confirm";
import { englishOnPage } from "./support/english-text";
import { expect, pageFor, type SeedUser, seed, shot, signIn, sql, test } from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";
import { reportWorld } from "./support/report-world";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Reporting as a new user tries it (issue 46): the grooming reason ("Me pide fotos o datos
 * personales"), "also block" in the same step, and a confirmation that says what happens next;
 * the report then heads the moderation queue, marked urgent. In Spanish on a 360 px phone and in
 * English at 1280 px, with no serious axe violation; "Quién puede escribirte" says what each
 * choice does.
 */
test.describe.configure({ timeout: 150_000 });

const en = messages("en");
const es = messages("es");

async function name(userId: number, first: string, last: string) {
  await sql()`update users set first_name = ${first}, last_name = ${last} where id = ${userId}`;
}

/** A long dialog on a phone scrolls inside itself: its end, as the reporter scrolls to it. */
async function shotDialogEnd(page: Page, name: string) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll("dialog[open], dialog[open] .dialog__surface")) {
      el.scrollTop = el.scrollHeight;
    }
    (document.activeElement as HTMLElement | null)?.blur?.();
  });
  await keepScreenshot(page, { path: `e2e/screenshots/${name}.png` });
}

/** Dismissed at the end, so an urgent group does not sit above other specs' reports in the queue. */
async function dismiss(admin: SeedUser, target_type: string, target_id: number) {
  const res = await seed.call("/api/admin/reports/resolve", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ target_type, target_id, action: "dismiss" }),
    token: admin.token,
  });
  expect(res.status).toBe(200);
}

test("en español, 360 px: reporta un mensaje directo que le pide fotos y bloquea en el mismo paso", async ({
  browser,
}) => {
  const w = await reportWorld();
  await name(w.author.id, "Kevin", "Zamora");
  const page = await pageFor(browser, w.reporter, "es-NI");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/chat/user/${w.author.id}`);
  const bubble = page.getByTestId("chat-message").filter({ hasText: "Mensaje directo feo" });
  await chooseInMenu(bubble, es.reportUi.menuItem, es.shellCommon.moreActions);

  const form = page.getByRole("dialog", { name: es.reportUi.titles.message });
  await expect(form).toBeVisible();
  await form.getByRole("radio", { name: es.reportUi.reasons.grooming }).check();
  const alsoBlock = form.getByRole("checkbox", {
    name: format(es.reportUi.alsoBlock, { name: "Kevin Zamora" }),
  });
  await expect(alsoBlock).not.toBeChecked();
  await alsoBlock.check();
  await expectNoSeriousAxeViolations(page, "el diálogo de reporte con bloquear también");
  expect(await englishOnPage(page), "inglés en el diálogo de reporte").toEqual([]);
  await shot(page, "report-flow-form-es");
  await shotDialogEnd(page, "report-flow-form-es-end");

  await form.getByRole("button", { name: es.reportUi.submit }).click();
  const done = page.getByRole("dialog", { name: es.reportUi.doneTitle });
  await expect(done).toBeVisible();
  await expect(done.getByRole("heading", { name: es.reportUi.doneTitle })).toBeFocused();
  for (const text of [
    es.reportUi.doneReview,
    es.reportUi.doneReviewUrgent,
    es.reportUi.doneAnonymous,
    es.reportUi.doneNotice,
    format(es.reportUi.doneBlocked, { name: "Kevin Zamora" }),
    es.reportUi.doneSafety,
  ]) {
    await expect(done).toContainText(text);
  }
  await expectNoSeriousAxeViolations(page, "la confirmación del reporte");
  expect(await englishOnPage(page), "inglés en la confirmación").toEqual([]);
  await shot(page, "report-flow-done-es");
  await page.setViewportSize({ width: 360, height: 740 });
  await shotDialogEnd(page, "report-flow-done-es-end");

  // Done: back in the chat, now closed by the block; the message is marked reported.
  await done.getByRole("button", { name: es.reportUi.done }).click();
  await expect(done).toBeHidden();
  await expect(page.getByText(es.safetyPage.chatBlockedByMe)).toBeVisible();

  const [row] = await sql()`
    select reason, target_type from reports where reporter_id = ${w.reporter.id}`;
  expect(row).toEqual({ reason: "grooming", target_type: "message" });
  // The block took effect on the server: the author can no longer write to the reporter.
  const refused = await seed.call(`/api/messages/user/${w.reporter.id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ content: "mandame una foto" }),
    token: w.author.token,
  });
  expect(refused.status).toBe(403);
  await page.context().close();
  await dismiss(await member("admin"), "message", w.direct.id);
});

test("in English at 1280 px: report a person with also block, then the report heads the admin's queue, marked urgent", async ({
  page,
  browser,
}) => {
  const w = await reportWorld();
  await name(w.author.id, "Kevin", "Zamora");
  await signIn(page, w.reporter.token);
  await page.goto(`/users/${w.author.id}`);
  const report = page.getByRole("button", { name: en.reportUi.menuItem, exact: true });
  await report.click();
  const form = page.getByRole("dialog", { name: en.reportUi.titles.user });
  await expect(form.getByRole("radio", { name: en.reportUi.reasons.harassment })).toBeFocused();
  await form.getByRole("radio", { name: en.reportUi.reasons.grooming }).check();
  await form.getByRole("checkbox", { name: format(en.reportUi.alsoBlock, { name: "Kevin Zamora" }) }).check();
  await expectNoSeriousAxeViolations(page, "report dialog with also block");
  await shot(page, "report-flow-form-en");
  await form.getByRole("button", { name: en.reportUi.submit }).click();

  const done = page.getByRole("dialog", { name: en.reportUi.doneTitle });
  await expect(done.getByRole("heading", { name: en.reportUi.doneTitle })).toBeFocused();
  await expect(done).toContainText(format(en.reportUi.doneBlocked, { name: "Kevin Zamora" }));
  await expect(done).toContainText(en.reportUi.doneSafety);
  await expectNoSeriousAxeViolations(page, "report confirmation");
  await shot(page, "report-flow-done-en");
  // Keyboard: Tab reaches Done; closing gives focus back to the button, which now says Reported.
  await page.keyboard.press("Tab");
  await expect(done.getByRole("button", { name: en.reportUi.done })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(done).toBeHidden();
  await expect(page.getByRole("button", { name: en.reportUi.reported })).toBeFocused();
  // The profile's own Block button reads the same block.
  await expect(
    page.getByRole("button", { name: format(en.safetyPage.unblockNamed, { name: "Kevin Zamora" }) }),
  ).toBeVisible();

  // Another report with more reporters, filed later: the urgent one still comes first.
  await seed.call("/api/reports", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ target_type: "club", target_id: w.clubId, reason: "spam" }),
    token: w.author.token,
  });
  const admin = await member("admin");
  const moderator = await pageFor(browser, admin);
  await moderator.goto("/admin/reports");
  const first = moderator.getByTestId("report-group").first();
  await expect(first).toHaveAttribute("data-urgent", "true");
  await expect(first.getByTestId("urgent-badge")).toHaveText(en.reportQueuePage.urgent);
  await expect(first).toContainText(en.reportQueuePage.urgentHint);
  await expect(first).toContainText(en.reportUi.reasons.grooming);
  await expectNoSeriousAxeViolations(moderator, "report queue with an urgent report");
  await shot(moderator, "report-flow-queue-en");
  await moderator.context().close();
  await dismiss(admin, "user", w.author.id);
});

test("desde las solicitudes de mensaje, 360 px: un desconocido pide fotos; reportar y bloquear saca la solicitud", async ({
  browser,
}) => {
  const student = await member();
  const stranger = await member();
  await name(stranger.id, "Iván", "Mendieta");
  await sendDirect(stranger, student.id, "Hola, mandame una foto tuya y decime dónde vivís");
  const page = await pageFor(browser, student, "es-NI");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/chats/requests");
  const card = page.getByTestId("message-request").filter({ hasText: "Iván Mendieta" });
  await expect(card).toBeVisible();
  await chooseInMenu(
    card,
    es.reportUi.menuItem,
    format(es.messageRequestsPage.blockReportNamed, { name: "Iván Mendieta" }),
  );
  const form = page.getByRole("dialog", { name: es.reportUi.titles.user });
  await form.getByRole("radio", { name: es.reportUi.reasons.grooming }).check();
  await form
    .getByRole("checkbox", { name: format(es.reportUi.alsoBlock, { name: "Iván Mendieta" }) })
    .check();
  await form.getByRole("button", { name: es.reportUi.submit }).click();
  const done = page.getByRole("dialog", { name: es.reportUi.doneTitle });
  await expect(done).toContainText(es.reportUi.doneSafety);
  await expect(done).toContainText(format(es.reportUi.doneBlocked, { name: "Iván Mendieta" }));
  await expectNoSeriousAxeViolations(page, "la confirmación desde una solicitud");
  await done.getByRole("button", { name: es.reportUi.done }).click();
  // Blocked: the request leaves the folder, and the stranger cannot write again.
  await expect(page.getByText(es.messageRequestsPage.empty)).toBeVisible();
  const again = await seed.call(`/api/messages/user/${student.id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ content: "¿Hola?" }),
    token: stranger.token,
  });
  expect(again.status).toBe(403);
  const [row] = await sql()`select reason from reports where reporter_id = ${student.id}`;
  expect(row).toEqual({ reason: "grooming" });
  await page.context().close();
  await dismiss(await member("admin"), "user", stranger.id);
});

test("a club's report offers no block, and says what to do meanwhile", async ({ page }) => {
  const w = await reportWorld();
  await signIn(page, w.reporter.token);
  await page.goto(`/clubs/${w.clubId}`);
  await page.locator(".club-header__report").getByRole("button", { name: en.reportUi.menuItem }).click();
  const form = page.getByRole("dialog", { name: en.reportUi.titles.club });
  await form.getByRole("radio", { name: en.reportUi.reasons.spam }).check();
  await expect(form.getByRole("checkbox")).toHaveCount(0);
  await form.getByRole("button", { name: en.reportUi.submit }).click();
  const done = page.getByRole("dialog", { name: en.reportUi.doneTitle });
  await expect(done).toContainText(en.reportUi.doneNoAnswer);
  await expect(done).not.toContainText(en.reportUi.doneSafety);
  await done.getByRole("button", { name: en.reportUi.done }).click();
  await expect(
    page.locator(".club-header__report").getByRole("button", { name: en.reportUi.reported }),
  ).toBeVisible();
});

test("Quién puede escribirte: each choice says what it does, at 360 px", async ({ browser }) => {
  const student = await member();
  const page = await pageFor(browser, student, "es-NI");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/settings");
  const setting = page.getByTestId("who-can-message");
  const everyone = setting.getByRole("radio", { name: new RegExp(`^${es.contactSettings.everyone}`) });
  await expect(everyone).toBeChecked();
  await expect(setting).toContainText(es.contactSettings.everyoneHint);
  await expect(setting).toContainText("máximo 3 mensajes");
  await expectNoSeriousAxeViolations(page, "quién puede escribirte", '[data-testid="who-can-message"]');
  await setting.scrollIntoViewIfNeeded();
  await shot(page, "report-flow-who-can-message-es");
  await page.context().close();
});
