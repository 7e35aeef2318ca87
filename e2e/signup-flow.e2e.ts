import type { Page } from "@playwright/test";
import { maskEmail } from "../common/mask-email";
import { format, messages } from "../common/messages";
import { expect, mail, SPANISH_PHONE, seed, shot, signIn, sql, test, uniqueName } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * A student's first hour (issue 34): sign-up that explains every rule before Continue, fixes a
 * refused username in place, resumes each step after a reload, and names the masked address a
 * code went to.
 */
test.describe.configure({ timeout: 120_000 });

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

test.describe("in Spanish on a 360 px phone", () => {
  const es = messages("es");
  test.use(SPANISH_PHONE);

  test("rules before Continue, a taken username fixed in place, every step resumed", async ({ page }) => {
    const taken = await seed.user();
    const username = uniqueName("sofia");
    const email = `${username}@gmail.com`;
    const t = es.signupPage;

    await page.goto("/signup");
    // The rules are on screen before anything is typed.
    for (const text of Object.values(t.ruleText)) await expect(page.getByText(text).first()).toBeVisible();
    const cont = page.getByRole("button", { name: t.continue });
    await expect(cont).toBeDisabled();

    await page.locator("#signup-username").fill("Sofía López");
    await page.locator("#signup-password").fill("1234");
    await page.locator("#signup-confirm").fill("1235");
    await expect(page.getByText(t.mismatch)).toBeVisible();
    await expect(cont).toBeDisabled();
    await page.locator("#signup-confirm").fill("1234");
    // Left with a space and a short password: both explained beside their fields.
    await expect(page.locator("#signup-username-error")).toHaveText(t.problemSpace);
    await expect(page.locator("#signup-password-error")).toHaveText(
      format(t.problemPasswordShort, { count: 4 }),
    );
    await expect(page.locator('[data-rule="usernameCharacters"]').first()).toHaveAttribute(
      "data-state",
      "unmet",
    );
    await expect(
      page.getByRole("button", { name: format(t.useSuggestion, { suggestion: "sofia.lopez" }) }),
    ).toBeVisible();
    await shot(page, "signup-rules-es");
    await expectNoSeriousAxeViolations(page, "signup with errors");
    await cont.click();
    await expect(page.getByRole("alert").first()).toContainText(t.problemSpace);
    await expect(page).toHaveURL(/\/signup$/);

    // A taken username passes every rule the screen can check; the server has the last word.
    await page.locator("#signup-username").fill(taken.username);
    await page.locator("#signup-password").fill("una-buena-clave");
    await page.locator("#signup-confirm").fill("una-buena-clave");
    await page.getByLabel(t.roleOwner).check();
    await page.reload();
    await expect(page.locator("#signup-username")).toHaveValue(taken.username);
    await expect(page.getByLabel(t.roleOwner)).toBeChecked();
    await page.locator("#signup-password").fill("una-buena-clave");
    await page.locator("#signup-confirm").fill("una-buena-clave");
    await cont.click();

    await expect(page).toHaveURL(/\/profile\/create$/);
    expect(page.url()).not.toContain("una-buena-clave");
    const p = es.profileCreatePage;
    await page.locator("#profile-first-name").fill("Sofía");
    await page.locator("#profile-last-name").fill("López");
    await page.locator("#profile-email").fill(email);
    await page.locator("#profile-region").selectOption("León");
    // The top bar's "Registrarse" goes back to the draft; Back returns to the profile, kept.
    await page.getByRole("banner").getByRole("link", { name: es.nav.signUp }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.locator("#signup-username")).toHaveValue(taken.username);
    await page.goBack();
    await expect(page).toHaveURL(/\/profile\/create$/);
    await expect(page.locator("#profile-first-name")).toHaveValue("Sofía");

    // A reload keeps the profile; the password was never stored, so it is asked for again.
    await page.reload();
    await expect(page.locator("#profile-email")).toHaveValue(email);
    await expect(page.locator("#profile-region")).toHaveValue("León");
    await expect(page.getByText(t.passwordAgain)).toBeVisible();
    expect(
      await page.evaluate(() => JSON.stringify(sessionStorage) + JSON.stringify(localStorage)),
    ).not.toContain("una-buena-clave");
    await page.locator("#fix-password").fill("una-buena-clave");
    await page.locator("#fix-confirm").fill("una-buena-clave");
    await page.getByRole("button", { name: p.save }).click();

    // Taken: an editable username with the error beside it, the profile still typed.
    await expect(page.locator("#fix-username-error")).toHaveText(es.auth.usernameTaken);
    await expect(page.locator("#fix-username")).toHaveValue(taken.username);
    await expect(page.locator("#profile-first-name")).toHaveValue("Sofía");
    await shot(page, "signup-taken-es");
    await expectNoSeriousAxeViolations(page, "profile create with a taken username");
    await page.locator("#fix-username").fill(username);
    await page.getByRole("button", { name: p.save }).click();

    const masked = maskEmail(email);
    await expect(page.getByRole("heading", { name: p.verifyTitle })).toBeVisible();
    await expect(page.getByTestId("verify-address")).toHaveText(format(p.verifyIntro, { email: masked }));
    await shot(page, "signup-verify-es");
    // Back from the mail app: a reload resumes the code step, no "too many codes", same address.
    await page.reload();
    await expect(page.getByRole("heading", { name: p.verifyTitle })).toBeVisible();
    await expect(page.getByTestId("verify-address")).toHaveText(format(p.verifyIntro, { email: masked }));
    await expect(page.getByText(es.accounts.tooManyCodes)).toHaveCount(0);
    await expect(page.locator("#profile-first-name")).toHaveCount(0);
    await noSidewaysScroll(page);

    const code = mail.code(await mail.waitFor(email));
    expect((await mail.list(email)).length).toBe(1);
    await page.getByLabel(p.code).fill(code);
    await page.getByRole("button", { name: p.verify }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const [row] =
      await sql()`select email_verified, first_name, region from users where username = ${username}`;
    expect(row).toEqual({ email_verified: true, first_name: "Sofía", region: "León" });
    // A verified account reloading the old step goes on to its profile.
    await page.goto("/profile/create");
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test.describe("in English at 1280 px", () => {
  const en = messages("en");

  test("keyboard only: the rules are explained on /signup, the verify screen names the address", async ({
    page,
  }) => {
    const username = uniqueName("kb");
    const email = `${username}@example.com`;
    await page.goto("/signup");
    await page.locator("#signup-username").focus();
    await page.keyboard.type("Ana Ruiz");
    await page.keyboard.press("Tab");
    await expect(page.locator("#signup-username-error")).toHaveText(en.signupPage.problemSpace);
    // The suggestion is the next stop: taking it fixes the name.
    await expect(page.getByRole("button", { name: "Use ana.ruiz" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("#signup-username")).toHaveValue("ana.ruiz");
    await page.locator("#signup-username").fill(username);
    await page.locator("#signup-password").focus();
    await page.keyboard.type("short");
    await page.keyboard.press("Tab");
    await expect(page.locator("#signup-password-error")).toHaveText("5 of 8 characters so far.");
    await page.locator("#signup-password").focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("a-good-password");
    await page.keyboard.press("Tab");
    await page.keyboard.type("a-good-password");
    await expect(page.locator("#signup-password-error")).toHaveCount(0);
    await shot(page, "signup-rules-en");
    // The screenshot took focus away; back to where the keyboard was.
    await page.locator("#signup-confirm").focus();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/profile\/create$/);
    await page.getByLabel("First name").focus();
    await page.keyboard.type("Ana");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Ruiz");
    await page.keyboard.press("Tab");
    await page.keyboard.type(email);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByTestId("verify-address")).toHaveText(
      `We sent a 6-digit code to ${maskEmail(email)}. Enter it below to verify your address.`,
    );
    await shot(page, "signup-verify-en");
    await expectNoSeriousAxeViolations(page, "verify step");
  });

  test("an unverified profile leads with Verify e-mail, and the first tap sends no refusal", async ({
    page,
  }) => {
    const user = await seed.user();
    const email = `${user.username}@example.com`;
    await sql()`update users set first_name = 'Ana', last_name = 'Ruiz', email = ${email} where id = ${user.id}`;
    // A code went out a moment ago (the sign-up's verify screen).
    await seed.call("/auth/verify-email/start", { method: "POST", token: user.token });
    await signIn(page, user.token);
    await page.goto("/profile");
    const button = page.getByRole("button", { name: "Verify e-mail" });
    await expect(button).toBeVisible();
    // First thing on the page: before the profile itself and before the account controls.
    const first = await page
      .locator("main .card-panel, main .profile, main section")
      .first()
      .getAttribute("class");
    expect(first).toContain("profile__verify");
    await button.click();
    await expect(page.getByTestId("verify-address")).toContainText(maskEmail(email));
    await expect(page.getByText("Too many codes requested")).toHaveCount(0);
    await page.getByRole("button", { name: "Resend code" }).click();
    await expect(page.getByRole("status").filter({ hasText: maskEmail(email) })).toBeVisible();
    await shot(page, "profile-verify-first-en");
  });
});
