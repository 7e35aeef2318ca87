import { messages } from "../common/messages";
import { member } from "./support/community-seed";
import { answerConfirm } from "./support/confirm";
import { expect, hydrated, SPANISH_PHONE, seed, shot, signIn, test } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * What a session leaves behind (issue 46, items 5 and 10), on a student's phone in Spanish: the
 * private calendar address is replaced only after a question that says the old one stops
 * working, and "sign out on all other devices" ends the other sessions (their pushes and the
 * calendar address with them) while this phone stays signed in.
 */
test.use(SPANISH_PHONE);
test.describe.configure({ timeout: 120_000 });

const es = messages("es");

const feedPath = (url: string) => new URL(url).pathname;

test("a new calendar address: asked first in Spanish, the old address stops working, the new one works", async ({
  page,
}) => {
  const user = await member();
  await signIn(page, user.token);
  await page.goto("/settings");
  await hydrated(page);
  const address = page.getByTestId("calendar-feed-url");
  await expect(address).toHaveValue(/\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  const old = await address.inputValue();
  await expect(page.getByTestId("calendar-feed")).toContainText(
    "Si cambiás tu contraseña, recibís una nueva.",
  );

  // Cancel keeps the address.
  const regenerate = page.getByRole("button", { name: es.events.calendarFeedRegenerate });
  await regenerate.click();
  await expect(page.locator("dialog.confirm-dialog")).toContainText(es.events.calendarFeedRegenerateTitle);
  await expectNoSeriousAxeViolations(page, "the new calendar address question", "dialog.confirm-dialog");
  await answerConfirm(page, false, es.events.calendarFeedRegenerateConfirm);
  await expect(address).toHaveValue(old);
  expect((await seed.call(feedPath(old))).status).toBe(200);

  await regenerate.click();
  await answerConfirm(page, true, "La dirección anterior deja de funcionar en el acto");
  await expect(page.getByRole("status").filter({ hasText: es.events.calendarFeedRegenerated })).toBeVisible();
  await expect(address).not.toHaveValue(old);
  const fresh = await address.inputValue();
  expect((await seed.call(feedPath(old))).status).toBe(404);
  expect((await seed.call(feedPath(fresh))).status).toBe(200);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, "session-links-calendar");
});

test("sign out on all other devices: the school computer is signed out, this phone goes on", async ({
  page,
}) => {
  const user = await member();
  const computer = await seed.call("/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: user.username, password: user.password }).toString(),
  });
  const computerToken = computer.body.access_token as string;
  const feed = await seed.call("/api/users/me/calendar-feed", { token: computerToken });
  await signIn(page, user.token);
  await page.goto("/settings");
  await hydrated(page);

  const button = page.getByRole("button", { name: es.safetyPage.signOutEverywhere });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await answerConfirm(page, true, "Dejan de recibir tus notificaciones");
  await expect(page.getByText(es.safetyPage.signedOutEverywhere)).toBeVisible();
  await expectNoSeriousAxeViolations(page, "account and safety after signing out elsewhere", ".safety");

  expect((await seed.call("/api/users/me", { token: computerToken })).status).toBe(401);
  expect((await seed.call(feedPath(feed.body.url))).status).toBe(404);
  // This phone stays signed in with its fresh token.
  await page.reload();
  await expect(page.getByRole("button", { name: es.safetyPage.signOutEverywhere })).toBeVisible();
  await expect(page.getByTestId("calendar-feed-url")).not.toHaveValue(feed.body.url);
  await shot(page, "session-links-sign-out-everywhere");
});
