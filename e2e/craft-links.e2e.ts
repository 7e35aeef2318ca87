import type { Page } from "@playwright/test";
import { expect, pageFor, seed, shot, test, uniqueName } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Inputs as people type them (issue 38): on the club form an Instagram handle becomes the
 * profile's address, WhatsApp "8888 1234" gets Nicaragua's 505, the form shows the address that
 * will be saved before submitting, and a field that cannot become a link says so beside it as
 * the person leaves it. Keyboard only for the Connect fields, at 360 px in Spanish and 1280 px
 * in English; the club page then links the saved addresses.
 */
test.describe.configure({ timeout: 90_000 });

const WORDS = {
  es: {
    connect: "Unirse",
    create: "Crear club",
    saved: "Se guardará como",
    socialError: "Escribí un usuario, como @tuclub, o el enlace completo del perfil.",
    instagramLink: "Instagram (se abre en una pestaña nueva)",
  },
  en: {
    connect: "Connect",
    create: "Create club",
    saved: "Will be saved as",
    socialError: "Enter a username, like @yourclub, or the profile's full link.",
    instagramLink: "Instagram (opens in a new tab)",
  },
} as const;

async function noSidewaysScroll(page: Page, where: string) {
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits, `${where}: no horizontal overflow`).toBe(true);
}

/** Types into the focused field, then Tab leaves it. */
async function typeAndLeave(page: Page, text: string) {
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
  await page.keyboard.press("Tab");
}

for (const { lang, locale, width } of [
  { lang: "es", locale: "es-NI", width: 360 },
  { lang: "en", locale: "en-US", width: 1280 },
] as const) {
  test(`club links take a handle and a local WhatsApp number (${lang}, ${width} px)`, async ({ browser }) => {
    const w = WORDS[lang];
    const owner = await seed.user({ role: "owner" });
    const page = await pageFor(browser, owner, locale);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.goto("/clubs/new");
    const name = uniqueName("Ajedrez Estelí ");
    await page.locator("#club-name").fill(name);
    await page.locator("#club-description").fill("Partidas cada viernes en el colegio.");

    // The Connect tab by keyboard (arrows move between tabs), then Tab into its fields.
    await page.getByRole("tab", { selected: true }).focus();
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: w.connect })).toHaveAttribute("aria-selected", "true");

    await page.locator("#club-facebook").focus();
    await typeAndLeave(page, "no es un enlace");
    await expect(page.locator("#club-facebook")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#club-facebook-error")).toHaveText(w.socialError);
    await expect(page.locator("#club-instagram")).toBeFocused();
    await typeAndLeave(page, "ajedrezesteli");
    await expect(page.getByTestId("club-instagram-normalised")).toHaveText(
      `${w.saved} https://www.instagram.com/ajedrezesteli`,
    );
    await page.locator("#club-whatsapp").focus();
    await typeAndLeave(page, "8888 1234");
    await expect(page.getByTestId("club-whatsapp-normalised")).toHaveText(
      `${w.saved} https://wa.me/50588881234`,
    );

    // Fixing the Facebook field with "@handle" clears its error as the person types.
    await page.locator("#club-facebook").focus();
    await typeAndLeave(page, "@ajedrezesteli");
    await expect(page.locator("#club-facebook-error")).toHaveCount(0);
    await expect(page.getByTestId("club-facebook-normalised")).toHaveText(
      `${w.saved} https://www.facebook.com/ajedrezesteli`,
    );
    await noSidewaysScroll(page, "club form, Connect");
    await expectNoSeriousAxeViolations(page, "club form, Connect");
    await shot(page, `craft-links-form-${lang}`);

    await page.getByRole("button", { name: w.create }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/clubs\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const saved = await seed.call(`/api/clubs/${id}`);
    expect(saved.body.social_links).toMatchObject({
      facebook: "https://www.facebook.com/ajedrezesteli",
      instagram: "https://www.instagram.com/ajedrezesteli",
      whatsapp: "https://wa.me/50588881234",
    });
    await expect(page.getByRole("link", { name: w.instagramLink }).first()).toHaveAttribute(
      "href",
      "https://www.instagram.com/ajedrezesteli",
    );
    await expect(page.locator('a[href="https://wa.me/50588881234"]').first()).toBeAttached();
    await noSidewaysScroll(page, "club page");
    await page.context().close();
  });
}
