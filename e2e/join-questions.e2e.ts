import { club, member } from "./support/community-seed";
import { expect, pageFor, shot, test } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Issue 35, join questions: the owner sets them on the club form's Members tab, a member on a
 * 360 px phone in Spanish answers them when connecting (keyboard only), and the owner reads
 * the answers beside the request.
 */
test.describe.configure({ timeout: 120_000 });

test("the owner sets questions, a member answers them when connecting, the owner reads them", async ({
  browser,
}) => {
  const owner = await member("owner");
  const joiner = await member();
  const theClub = await club(owner);

  // The owner, keyboard only: the Members tab, the first question box, then save.
  const ownerPage = await pageFor(browser, owner);
  await ownerPage.goto(`/clubs/edit/${theClub.id}`);
  await ownerPage.getByRole("tab", { name: "Members" }).focus();
  await ownerPage.keyboard.press("Enter");
  const first = ownerPage.getByRole("textbox", { name: "Question 1" });
  await first.focus();
  await ownerPage.keyboard.type("¿En qué grado estás?");
  await ownerPage.keyboard.press("Tab");
  await ownerPage.keyboard.type("¿Tocas algún instrumento, o cantas?");
  await expectNoSeriousAxeViolations(ownerPage, "club form, members tab");
  await ownerPage.getByRole("button", { name: "Save changes" }).focus();
  await ownerPage.keyboard.press("Enter");
  await expect(ownerPage).toHaveURL(new RegExp(`/clubs/${theClub.id}$`));

  // The member, on a phone in Spanish.
  const phone = await pageFor(browser, joiner, "es-NI");
  await phone.setViewportSize({ width: 360, height: 740 });
  await phone.goto(`/clubs/${theClub.id}?tab=connect`);
  // Enabled once the page has hydrated and read the session (a busy machine takes a moment).
  await expect(phone.getByRole("button", { name: "Unirme", exact: true })).toBeEnabled();
  await phone.getByRole("button", { name: "Unirme", exact: true }).focus();
  await phone.keyboard.press("Enter");
  const dialog = phone.getByRole("dialog", { name: `Preguntas de ${theClub.name}` });
  await expect(dialog).toBeVisible();
  // Sending with a blank answer keeps the dialog open and says which one.
  await dialog.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(dialog.getByText("Respondé esta pregunta.").first()).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: /¿En qué grado estás\?/ })).toBeFocused();
  await phone.keyboard.type("Décimo, sección ñ");
  await phone.keyboard.press("Tab");
  await phone.keyboard.type("Toco guitarra");
  await expectNoSeriousAxeViolations(phone, "join questions dialog");
  await shot(phone, "join-questions-dialog-es");
  // The screenshot helper blurs the page; back to the last answer, then Tab to Cancel and Send.
  await dialog.getByRole("textbox", { name: /instrumento/ }).focus();
  await phone.keyboard.press("Tab");
  await phone.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Enviar solicitud" })).toBeFocused();
  await phone.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(phone.getByRole("button", { name: "Solicitud enviada" })).toBeVisible();

  // The owner's request list shows the answers beside the request.
  await ownerPage.goto("/connections?tab=requests");
  const request = ownerPage.getByTestId("request-received");
  await expect(request).toContainText("¿En qué grado estás?");
  await expect(request).toContainText("Décimo, sección ñ");
  await expect(request).toContainText("Toco guitarra");
  await expectNoSeriousAxeViolations(ownerPage, "requests with answers");
  await shot(ownerPage, "join-answers-owner");
});
