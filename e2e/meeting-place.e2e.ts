import { expect, pageFor, seed, shot, test, uniqueName } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * "Lugar de reunión" takes what owners type (issue 50): an address ("Teatro Municipal, León")
 * is accepted, previewed as a map search and saved as a map search link (the spec's field stays
 * a URL); the hint and the error agree. At 360 px in Spanish and 1280 px in English.
 */
test.describe.configure({ timeout: 90_000 });

const WORDS = {
  es: {
    connect: "Unirse",
    create: "Crear club",
    hint: "Una dirección, como Teatro Municipal, León, o un enlace de mapa.",
    preview: "Se guarda como búsqueda en el mapa de “Teatro Municipal, León”",
    error: "Escribí una dirección, como Teatro Municipal, León, o pegá un enlace de mapa.",
  },
  en: {
    connect: "Connect",
    create: "Create club",
    hint: "An address, like Teatro Municipal, León, or a map link.",
    preview: "Saved as a map search for “Teatro Municipal, León”",
    error: "Write an address, like Teatro Municipal, León, or paste a map link.",
  },
} as const;

const SAVED = "https://www.google.com/maps/search/?api=1&query=Teatro%20Municipal%2C%20Le%C3%B3n";

for (const { lang, locale, width } of [
  { lang: "es", locale: "es-NI", width: 360 },
  { lang: "en", locale: "en-US", width: 1280 },
] as const) {
  test(`an address is a meeting place (${lang}, ${width} px)`, async ({ browser }) => {
    const w = WORDS[lang];
    const owner = await seed.user({ role: "owner" });
    const page = await pageFor(browser, owner, locale);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.goto("/clubs/new");
    await page.locator("#club-name").fill(uniqueName("Teatro León "));
    await page.locator("#club-description").fill("Ensayos los sábados.");
    await page.getByRole("tab", { name: w.connect }).click();

    const field = page.locator("#club-meeting-location");
    await expect(page.locator("#club-meeting-location-hint")).toContainText(w.hint);
    // A link that cannot be one says what the field takes, in the hint's words.
    await field.fill("javascript://x");
    await field.blur();
    await expect(page.locator("#club-meeting-location-error")).toHaveText(w.error);

    await field.fill("Teatro Municipal, León");
    await field.blur();
    await expect(page.locator("#club-meeting-location-error")).toHaveCount(0);
    await expect(page.getByTestId("club-meeting-location-normalised")).toHaveText(w.preview);
    await expectNoSeriousAxeViolations(page, "club form, meeting place");
    await shot(page, `meeting-place-form-${lang}`);

    await page.getByRole("button", { name: w.create }).click();
    await expect(page).toHaveURL(/\/clubs\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const saved = await seed.call(`/api/clubs/${id}`);
    expect(saved.body.meeting_location).toBe(SAVED);
    await expect(page.locator(`a[href="${SAVED}"]`).first()).toBeAttached();
    await page.context().close();
  });
}
