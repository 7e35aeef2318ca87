import { club as clubOf, join, member, post } from "./support/community-seed";
import { expect, shot, signIn, test, uniqueName } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * The notification centre (issue 33): the bell in the top bar of every signed-in page, the list
 * grouped by day, mark one or all read, the empty state, and the Notificaciones settings page.
 */

test.describe("a phone in Spanish", () => {
  test.use({
    viewport: { width: 360, height: 780 },
    locale: "es-NI",
    extraHTTPHeaders: { "accept-language": "es-NI,es;q=0.9" },
  });

  test("the bell counts new notices; the list shows them under Hoy; one is marked read; a tap opens the club", async ({
    page,
  }) => {
    const owner = await member("owner");
    const student = await member();
    const club = await clubOf(owner, uniqueName("Club Nica "));
    await join(student, owner, club.id);
    await post(owner, club.id, "Feria de libros");
    await signIn(page, student.token);
    await page.goto("/home");

    const bell = page.getByTestId("notice-bell");
    await expect(bell).toHaveAccessibleName("Notificaciones, 2 sin leer", { timeout: 15_000 });
    await expect(bell).toBeInViewport();
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole("heading", { level: 1, name: "Notificaciones" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Hoy" })).toBeVisible();
    const items = page.getByTestId("notice");
    await expect(items).toHaveText([
      new RegExp(`${club.name} publicó «Feria de libros»`),
      new RegExp(`${club.name} aceptó tu solicitud para unirte`),
    ]);
    await expectNoSeriousAxeViolations(page, "notification centre (es, 360 px)");
    await shot(page, "notices-es");

    await items.nth(1).getByRole("button", { name: "Marcar como leída" }).click();
    await expect(items.nth(1).getByRole("button", { name: "Marcar como leída" })).toHaveCount(0);
    await expect(bell).toHaveAccessibleName("Notificaciones, 1 sin leer", { timeout: 15_000 });

    await items.nth(0).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/clubs/${club.id}`));
    await expect(bell).toHaveAccessibleName("Notificaciones", { timeout: 15_000 });
  });
});

test.describe("a laptop in English", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the empty state says what will appear; keyboard reaches the bell", async ({ page }) => {
    const student = await member();
    await signIn(page, student.token);
    await page.goto("/home");
    const bell = page.getByTestId("notice-bell");
    await expect(bell).toHaveAccessibleName("Notifications");
    await bell.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByTestId("notices-empty")).toContainText(
      "Here you will see new posts and events from your clubs",
    );
    await expectNoSeriousAxeViolations(page, "empty notification centre (en, 1280 px)");
  });

  test("mark all read clears the bell; the settings page saves a switch and a club mute", async ({
    page,
  }) => {
    const owner = await member("owner");
    const student = await member();
    const club = await clubOf(owner, uniqueName("Chess Club "));
    await join(student, owner, club.id);
    await post(owner, club.id, "Open tournament");
    await signIn(page, student.token);
    await page.goto("/notifications");
    await expect(page.getByTestId("notice")).toHaveCount(2);
    await expect(page.getByRole("heading", { level: 2, name: "Today" })).toBeVisible();
    await shot(page, "notices-en");
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByTestId("notice-mark-read")).toHaveCount(0);
    await expect(page.getByTestId("notice-bell")).toHaveAccessibleName("Notifications", { timeout: 15_000 });

    await page.getByRole("link", { name: "Notification settings" }).click();
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    const postsPush = page.getByRole("switch", { name: "Push for: New posts in my clubs" });
    await expect(postsPush).toBeChecked();
    await postsPush.click();
    await expect(postsPush).not.toBeChecked();
    const mute = page.getByRole("switch", { name: `Mute ${club.name}` });
    await mute.click();
    await expect(mute).toBeChecked();
    await page.reload();
    await expect(page.getByRole("switch", { name: "Push for: New posts in my clubs" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: `Mute ${club.name}` })).toBeChecked();
    await expectNoSeriousAxeViolations(page, "notification settings (en, 1280 px)");
    await shot(page, "notice-settings-en");
  });
});
