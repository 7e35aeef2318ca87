import { club as clubOf, join, member } from "./support/community-seed";
import { expect, pageFor, SPANISH_PHONE, signIn, sql, test, uniqueName } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Issue 48, mentions and read state, two phones side by side (360 px, Spanish): the @ list
 * picked with the keyboard, the mentioned member's notice opening the chat at the message, and
 * "Visto por 1 persona" appearing for the sender once the other has read it.
 */
test.use(SPANISH_PHONE);
test.describe.configure({ timeout: 120_000 });

test("mention with the keyboard, the notice, then Visto por 1 persona", async ({ page, browser }) => {
  const owner = await member("owner");
  const ana = await member();
  const ben = await member();
  const club = await clubOf(owner, uniqueName("Club de Ajedrez "));
  await join(ana, owner, club.id);
  await join(ben, owner, club.id);
  await sql()`update users set first_name = 'Benito', last_name = 'Ruiz' where id = ${ben.id}`;

  await signIn(page, ana.token);
  await page.goto(`/chat/club/${club.id}`);
  const box = page.getByRole("combobox", { name: "Mensaje" });
  await box.click();
  await box.pressSequentially("Hola @Beni");
  const list = page.getByRole("listbox", { name: "Miembros para mencionar" });
  await expect(list.getByRole("option")).toHaveCount(1);
  await expect(list.getByRole("option").first()).toContainText("Benito Ruiz");
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expectNoSeriousAxeViolations(page, "club chat with the @ list open (es, 360 px)");
  await box.press("ArrowDown");
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(box).toHaveValue(`Hola @${ben.username} `);
  await expect(box).toHaveAttribute("aria-expanded", "false");
  // Escape closes a list opened again, and Enter then sends.
  await box.pressSequentially("¿venís? @Be");
  await expect(list.getByRole("option")).toHaveCount(1);
  await box.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.press("Enter");
  const mine = page.getByTestId("chat-message").last();
  await expect(mine.locator(".bubble__mention").first()).toHaveText(`@${ben.username}`);
  await expect(mine.getByTestId("read-state")).toHaveText("Enviado");

  // Ben, on his own phone: the notice under the bell opens the chat at the message.
  const benPage = await pageFor(browser, ben, "es-NI");
  await benPage.setViewportSize({ width: 360, height: 740 });
  await benPage.goto("/notifications");
  const notice = benPage.getByTestId("notice").filter({ hasText: "te mencionó" });
  await expect(notice).toHaveCount(1, { timeout: 15_000 });
  await notice.getByRole("link").click();
  await expect(benPage).toHaveURL(new RegExp(`/chat/club/${club.id}\\?message=\\d+`));
  await expect(benPage.getByTestId("chat-message").last()).toContainText("¿venís?");

  // Ana sees who has read it, and the list of names.
  const seen = mine.getByRole("button", { name: "Visto por 1 persona" });
  await expect(seen).toBeVisible({ timeout: 20_000 });
  await seen.click();
  const dialog = page.getByRole("dialog", { name: "Visto por" });
  await expect(dialog).toContainText("Benito Ruiz");
  await benPage.context().close();
});

test("direct chat: Enviado, then Visto with the time; the switch in the settings hides it", async ({
  page,
  browser,
}) => {
  const owner = await member("owner");
  const ana = await member();
  const ben = await member();
  const club = await clubOf(owner, uniqueName("Club de Lectura "));
  await join(ana, owner, club.id);
  await join(ben, owner, club.id);

  await signIn(page, ana.token);
  await page.goto(`/chat/user/${ben.id}`);
  const box = page.getByRole("textbox", { name: "Mensaje" });
  await box.fill("¿Leíste el capítulo?");
  await box.press("Enter");
  const mine = page.getByTestId("chat-message").last();
  await expect(mine.getByTestId("read-state")).toHaveText("Enviado");

  const benPage = await pageFor(browser, ben, "es-NI");
  await benPage.setViewportSize({ width: 360, height: 740 });
  await benPage.goto(`/chat/user/${ana.id}`);
  await expect(benPage.getByTestId("chat-message").last()).toContainText("¿Leíste el capítulo?");
  await expect(mine.getByTestId("read-state")).toHaveText(/^Visto · \d{1,2}:\d{2}/, { timeout: 20_000 });

  // Ben turns read receipts off: Ana's next message stays "Enviado" after he reads it.
  await benPage.goto("/settings/notifications");
  const receipts = benPage.getByRole("switch", { name: "Enviar y ver confirmaciones de lectura" });
  await expect(receipts).toBeChecked();
  await receipts.click();
  await expect(receipts).not.toBeChecked();
  await expect
    .poll(
      async () =>
        (await sql()`select settings from user_notification_settings where user_id = ${ben.id}`)[0]?.settings
          ?.read_receipts,
    )
    .toBe(false);
  await box.fill("¿Y el siguiente?");
  await box.press("Enter");
  await benPage.goto(`/chat/user/${ana.id}`);
  await expect(benPage.getByTestId("chat-message").last()).toContainText("¿Y el siguiente?");
  // He has read it (his mark passed it), yet a fresh look at Ana's chat still says "Enviado".
  await expect
    .poll(async () => {
      const [mark] = await sql()`select r.last_read_id >= (select max(id) from messages m
          where m.sender_id = ${ana.id} and m.recipient_id = ${ben.id}) as read
        from conversation_reads r where r.user_id = ${ben.id} and r.conversation_key = ${`user:${ana.id}`}`;
      return mark?.read;
    })
    .toBe(true);
  const asked = page.waitForResponse((r) => r.url().includes(`/api/messages/user/${ben.id}/reads`));
  await page.reload();
  await asked;
  await expect(page.getByTestId("chat-message").last().getByTestId("read-state")).toHaveText("Enviado");
  await benPage.context().close();
});
