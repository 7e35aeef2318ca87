import type { Locator, Page } from "@playwright/test";
import { messages } from "../common/messages";
import { member } from "./support/community-seed";
import { englishOnPage } from "./support/english-text";
import { expect, pageFor, screenshots, seed, sql, test } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Profile as a profile (issue 38, part 5): /profile opens with the person (picture, name,
 * school, about, clubs), the device-only Publish switch after it; the settings sit on /settings,
 * one tap away. Keyboard only, 360 px in Spanish and 1280 px in English, no serious axe
 * violation, no sideways scroll.
 */
test.describe.configure({ timeout: 150_000 });

const en = messages("en");
const es = messages("es");

async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
}

/** Top of the first element matching `selector` in document order, or null when none. */
async function topOf(page: Page, selector: string) {
  return await page.evaluate((s) => {
    const el = document.querySelector(s);
    return el ? el.getBoundingClientRect().top + window.scrollY : null;
  }, selector);
}

async function student() {
  const user = await member();
  await sql()`update users set first_name = 'Mariela', last_name = 'Gutiérrez',
    school = 'Instituto Nacional de Estelí', description = 'Me gusta el ajedrez y el voleibol.',
    email_verified = true where id = ${user.id}`;
  return user;
}

for (const run of [
  { name: "Spanish at 360 px", locale: "es-NI", width: 360, m: es, shotName: "profile-settings-es" },
  { name: "English at 1280 px", locale: "en-US", width: 1280, m: en, shotName: "profile-settings-en" },
] as const) {
  test(`${run.name}: profile first, settings one tap away and each works`, async ({ browser }) => {
    const user = await student();
    const page = await pageFor(browser, user, run.locale);
    await page.setViewportSize({ width: run.width, height: run.width === 360 ? 740 : 800 });
    await page.goto("/profile");
    const t = run.m;

    // The person first: name, school, about and clubs, then the Publish switch; no setting here.
    await expect(page.getByRole("heading", { name: "Mariela Gutiérrez" })).toBeVisible();
    await expect(page.getByText("Instituto Nacional de Estelí")).toBeVisible();
    await expect(page.getByRole("heading", { name: t.profilePage.about })).toBeVisible();
    await expect(page.getByRole("heading", { name: t.profilePage.clubs })).toBeVisible();
    await expect(page.getByRole("heading", { name: t.profilePage.publishTitle })).toBeVisible();
    await expect(page.getByRole("button", { name: t.profilePage.publish })).toBeVisible();
    await expect(page.getByText(t.profilePage.publishHint)).toBeVisible();
    for (const moved of ["calendar-feed", "who-can-message", "digest-setting", "data-export"]) {
      await expect(page.getByTestId(moved)).toHaveCount(0);
    }
    await expect(page.getByRole("button", { name: t.safetyPage.deleteAccount })).toHaveCount(0);
    const header = await topOf(page, ".profile__header");
    const about = await topOf(page, "#profile-about");
    const publish = await topOf(page, ".profile__publish");
    expect(header).not.toBeNull();
    expect(about).not.toBeNull();
    expect(publish).not.toBeNull();
    expect(header as number).toBeLessThan(publish as number);
    expect(about as number).toBeLessThan(publish as number);
    await page.waitForLoadState("networkidle");
    if (run.locale === "es-NI") expect(await englishOnPage(page), "English on /profile").toEqual([]);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, `${run.name} profile`);
    await screenshots(page, `${run.shotName}-profile`);

    // One tap away, with the keyboard.
    const link = page.getByRole("link", { name: t.profilePage.settings });
    await tabTo(page, link);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: t.settingsPage.title })).toBeVisible();

    // The calendar feed is here.
    await expect(page.getByTestId("calendar-feed")).toBeVisible();
    await expect(page.getByTestId("calendar-feed-url")).toBeVisible();
    await expect(page.getByRole("link", { name: t.pushUi.settingsLink })).toHaveAttribute(
      "href",
      "/settings/notifications",
    );

    // Who can message: Nobody, saved.
    const setting = page.getByTestId("who-can-message");
    const everyone = setting.getByRole("radio", { name: new RegExp(`^${t.contactSettings.everyone}`) });
    await expect(everyone).toBeChecked();
    await everyone.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(
      setting.getByRole("radio", { name: new RegExp(`^${t.contactSettings.nobody}`) }),
    ).toBeChecked();
    await tabTo(page, setting.getByRole("button", { name: t.contactSettings.save }), 4);
    await page.keyboard.press("Enter");
    await expect(setting.getByRole("status")).toHaveText(t.contactSettings.saved);
    const saved = await seed.call("/api/users/me/notification-settings", { token: user.token });
    expect(saved.body.who_can_message).toBe("nobody");

    // Delete account: the confirmation opens and Cancel closes it, nothing deleted.
    const remove = page.getByRole("button", { name: t.safetyPage.deleteAccount });
    await remove.focus();
    await page.keyboard.press("Enter");
    const password = page.getByLabel(t.safetyPage.deleteAccountPassword);
    await expect(password).toBeFocused();
    await tabTo(page, page.getByRole("button", { name: t.safetyPage.cancel }), 4);
    await page.keyboard.press("Enter");
    await expect(password).toHaveCount(0);
    expect((await seed.call("/api/users/me", { token: user.token })).status).toBe(200);

    await page.waitForLoadState("networkidle");
    if (run.locale === "es-NI") expect(await englishOnPage(page), "English on /settings").toEqual([]);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, `${run.name} settings`);
    await screenshots(page, `${run.shotName}-settings`);

    // Language, last: the page turns to the other language and the account keeps it.
    const other = run.locale === "es-NI" ? "en" : "es";
    const switchLink = page.locator(".settings-page").getByTestId(`language-${other}`);
    await switchLink.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", other);
    await expect
      .poll(async () => (await sql()`select locale from users where id = ${user.id}`)[0]?.locale)
      .toBe(other);
    await page.context().close();
  });
}

test("signed out, /settings goes to the login page", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login$/);
});
