import { messages } from "../common/messages";
import { expect, test } from "./support/fixtures";

/**
 * A guest on a 360 px phone in Spanish: the top bar holds the logo, "Iniciar sesión" and
 * "Registrarse" on one line with nothing wider than the screen, and the language switch waits at
 * the foot of the page (it did not fit beside them: "Iniciar sesión" wrapped one letter per line).
 */
const es = messages("es");
const en = messages("en");

test.use({
  locale: "es-NI",
  extraHTTPHeaders: { "accept-language": "es-NI,es;q=0.9" },
  viewport: { width: 360, height: 780 },
});

for (const path of ["/", "/login", "/clubs"]) {
  test(`${path}: the guest top bar fits a 360 px screen in Spanish`, async ({ page }) => {
    await page.goto(path);
    const bar = page.locator(".topbar__inner");
    const logIn = bar.getByRole("link", { name: es.nav.logIn, exact: true });
    const signUp = bar.getByRole("link", { name: es.nav.signUp, exact: true });
    await expect(logIn).toBeVisible();
    await expect(signUp).toBeVisible();
    // One line: the links are no taller than a tap target, and they share a row.
    const [a, b] = [await logIn.boundingBox(), await signUp.boundingBox()];
    expect(a!.height).toBeLessThanOrEqual(48);
    expect(Math.abs(a!.y + a!.height / 2 - (b!.y + b!.height / 2))).toBeLessThan(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.getByTestId("language-en")).toBeHidden();
  });
}

test("the guest's language switch at the foot of the page changes the language", async ({ page }) => {
  await page.goto("/login");
  await page.getByTestId("footer-language-en").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.loginPage.title);
});
