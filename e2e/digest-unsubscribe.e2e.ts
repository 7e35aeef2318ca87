import { randomBytes } from "node:crypto";
import { messages } from "../common/messages";
import { member } from "./support/community-seed";
import { expect, seed, shot, sql, test } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * The digest's unsubscribe link opened in a browser that is not signed in (issue 33): the page
 * asks, changes nothing until its button is pressed (keyboard only), then says it is done.
 */
test.describe.configure({ timeout: 150_000 });

const en = messages("en");
const es = messages("es");

async function linkFor(userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await sql()`insert into digest_tokens (user_id, token) values (${userId}, ${token})`;
  return `/api/digest/unsubscribe?token=${token}`;
}

const digestOf = async (token: string) =>
  (await seed.call("/api/users/me/notification-settings", { token })).body.digest as boolean;

test.describe("in Spanish", () => {
  test.use({ locale: "es-NI", extraHTTPHeaders: { "accept-language": "es-NI,es;q=0.9" } });

  test("at 360 px, signed out: the page changes nothing; its button unsubscribes", async ({ page }) => {
    const student = await member();
    const link = await linkFor(student.id);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(link);
    await expect(page.getByRole("heading", { name: es.digest.pageTitle })).toBeVisible();
    const button = page.getByRole("button", { name: es.digest.confirmButton });
    await expect(button).toBeVisible();
    expect(await digestOf(student.token)).toBe(true);
    await expectNoSeriousAxeViolations(page, "la página para darse de baja del resumen");
    await shot(page, "digest-unsubscribe-es");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: es.digest.doneTitle })).toBeVisible();
    expect(await digestOf(student.token)).toBe(false);
    await expectNoSeriousAxeViolations(page, "la baja hecha");
  });
});

test("at 1280 px in English: already off says so, with no button", async ({ page }) => {
  const student = await member();
  const link = await linkFor(student.id);
  await seed.call("/api/users/me/notification-settings", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ digest: false }),
    token: student.token,
  });
  await page.goto(link);
  await expect(page.getByRole("heading", { name: en.digest.alreadyOff })).toBeVisible();
  await expect(page.getByRole("button")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, "digest already off (English)");
  await shot(page, "digest-unsubscribe-en");
});
