import type { Page } from "@playwright/test";
import { format, messages } from "../common/messages";
import { club, join, member, post, sendDirect } from "./support/community-seed";
import { englishOnPage } from "./support/english-text";
import { expect, mail, pageFor, seed, signIn, sql, test, uniqueName } from "./support/fixtures";

/**
 * ClubNica in Spanish (issue 14): a browser set to es-NI walks the main flows and must never
 * read an English catalogue string; the language switch overrides the browser and follows the
 * account to another device.
 */
const es = messages("es");
const en = messages("en");

test.describe.configure({ timeout: 120_000 });
test.use({ locale: "es-NI", extraHTTPHeaders: { "accept-language": "es-NI,es;q=0.9" } });

test.beforeEach(async ({ page }) => {
  await page.route("https://www.instagram.com/**", (route) => route.abort());
});

async function expectSpanish(page: Page, where: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.waitForLoadState("networkidle");
  expect(await englishOnPage(page), `${where}: English text on a Spanish page`).toEqual([]);
}

test("guests: landing, clubs and a club are Spanish from the server, dates in Managua time", async ({
  page,
}) => {
  const owner = await member("owner");
  const theClub = await club(owner, uniqueName("Club de Robótica "));
  await seed.post(owner.token, {
    club_id: String(theClub.id),
    title: "Feria de ciencias",
    content: "Traé tu proyecto.",
    is_event: "true",
    // 21:30 UTC is 3:30 p. m. in Managua.
    event_date: "2031-03-14T21:30:00.000Z",
    event_location: "Auditorio",
  });

  const landing = await page.goto("/");
  const html = await landing!.text();
  expect(html).toContain('<html lang="es"');
  expect(html).toContain(`<meta name="description" content="${es.landing.heroText}"`);
  // Only the Spanish catalogue is sent (named in the page's script loader, src/ssr/script-loader.ts).
  expect(html).toMatch(/"\/assets\/load-es-[a-z0-9]+\.js"/);
  expect(html).not.toContain("/assets/load-en-");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(es.landing.heroTitle);
  await expectSpanish(page, "landing");

  await page.goto("/clubs");
  await expect(page).toHaveTitle(`${es.clubsPage.title}${es.meta.titleSuffix}`);
  await expectSpanish(page, "clubs");

  await page.goto(`/clubs/${theClub.id}?tab=posts`);
  await expect(page.getByText("14 mar 2031, 3:30 p. m.").first()).toBeVisible();
  await expectSpanish(page, "a club");
});

test("sign-up through the e-mail code, in Spanish (the code e-mail too)", async ({ page }) => {
  const username = uniqueName("nuevo");
  const email = `${username}@example.com`;
  await page.goto("/signup");
  await expectSpanish(page, "signup");
  await page.locator("#signup-username").fill(username);
  await page.locator("#signup-password").fill("una-buena-clave");
  await page.locator("#signup-confirm").fill("otra-clave-distinta");
  await expect(page.getByText(es.signupPage.mismatch)).toBeVisible();
  await expectSpanish(page, "signup with a mismatch");
  await page.locator("#signup-confirm").fill("una-buena-clave");
  await page.getByRole("button", { name: es.signupPage.continue }).click();

  await expect(page).toHaveURL(/\/profile\/create$/);
  await page.getByRole("button", { name: es.profileCreatePage.save }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expectSpanish(page, "profile creation with errors");
  await page.locator("#profile-first-name").fill("María");
  await page.locator("#profile-last-name").fill("López");
  await page.locator("#profile-email").fill(email);
  await page.getByRole("button", { name: es.profileCreatePage.save }).click();

  await expect(page.getByRole("heading", { name: es.profileCreatePage.verifyTitle })).toBeVisible();
  await expectSpanish(page, "verify e-mail");
  const message = await mail.waitFor(email);
  expect(message.subject).toBe(es.mail.verifySubject);
  expect(message.text).toContain("Hola María:");
  expect(message.html).toContain('<html lang="es">');
  await page.locator("#verify-code").fill(mail.code(message));
  await page.getByRole("button", { name: es.profileCreatePage.verify }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expectSpanish(page, "profile after sign-up");
});

test("members and owners: home with the post dialog, connections, chat, profile, create club", async ({
  page,
  browser,
}) => {
  const owner = await member("owner");
  const reader = await member();
  const theClub = await club(owner, uniqueName("Club de Ajedrez "));
  await join(reader, owner, theClub.id);
  const title = uniqueName("Torneo ");
  await post(owner, theClub.id, title);
  const asker = await member();
  await seed.call(`/api/connection-requests?club_id=${theClub.id}`, { method: "POST", token: asker.token });
  await sendDirect(reader, owner.id, "¡Hola! ¿A qué hora es la reunión?");

  await signIn(page, reader.token);
  // Newest first: the feed shows every club's posts, and under "most relevant" the other tests'
  // liked posts push this fresh one off the first page.
  await page.goto("/home?sort=newest");
  const card = page.getByTestId("feed-card").filter({ hasText: title });
  await expectSpanish(page, "home");
  await card.getByRole("button").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectSpanish(page, "home with the post dialog");
  await page.keyboard.press("Escape");

  await page.goto("/my-clubs");
  await expect(page.getByText(theClub.name).first()).toBeVisible();
  await expectSpanish(page, "my clubs");
  await page.goto("/profile");
  await expect(page.getByRole("link", { name: es.profilePage.settings })).toBeVisible();
  await expectSpanish(page, "profile");
  await page.goto("/settings");
  await expect(page.getByText(es.language.label, { exact: true })).toBeVisible();
  await expectSpanish(page, "settings");

  const ownerPage = await pageFor(browser, owner, "es-NI");
  await ownerPage.goto("/connections");
  await expect(ownerPage.getByRole("heading", { name: es.connectionsPage.title })).toBeVisible();
  await expectSpanish(ownerPage, "an owner's connections");
  await ownerPage.goto("/connections?tab=requests");
  await expect(ownerPage.getByText(asker.name).first()).toBeVisible();
  await expectSpanish(ownerPage, "an owner's connection requests");
  await ownerPage.goto(`/chat/user/${reader.id}`);
  await expect(ownerPage.getByText("¡Hola! ¿A qué hora es la reunión?").first()).toBeVisible();
  await expectSpanish(ownerPage, "chat");
  await ownerPage.goto("/clubs/new");
  await expectSpanish(ownerPage, "create club");
  await ownerPage.context().close();
});

test("admins: owner requests and the admin panel", async ({ page }) => {
  const admin = await member("admin");
  const hopeful = await member();
  await sql()`insert into owner_requests (user_id) values (${hopeful.id})`;
  await signIn(page, admin.token);
  await page.goto("/admin/owner-requests");
  await expect(page.getByText(hopeful.username).first()).toBeVisible();
  await expectSpanish(page, "owner requests");
  await page.getByRole("button", { name: es.adminPages.openPanel }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectSpanish(page, "admin panel");
});

test("the switch beats the browser's language and follows the account to another device", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/clubs");
  await page.getByTestId("language-en").first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL(/\/clubs$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.clubsPage.title);
  expect((await page.context().cookies()).find((c) => c.name === "lang")?.value).toBe("en");

  const user = await member();
  const device = await browser.newContext({ baseURL, locale: "es-NI" });
  const first = await device.newPage();
  await signIn(first, user.token);
  await first.goto("/settings");
  await expect(first.locator("html")).toHaveAttribute("lang", "es");
  // Hydrated (the settings come from the API): before, the switch is a plain /lang link, which
  // sets the cookie without the account's language.
  await expect(first.getByTestId("digest-setting")).toBeVisible();
  await first.getByTestId("language-en").last().click();
  await expect(first.locator("html")).toHaveAttribute("lang", "en");
  const [row] = await sql()`select locale from users where id = ${user.id}`;
  expect(row?.locale).toBe("en");
  await device.close();

  // Another phone, Spanish browser, no cookie: signed in, it follows the account.
  const other = await browser.newContext({ baseURL, locale: "es-NI" });
  const second = await other.newPage();
  await signIn(second, user.token);
  await second.goto("/home");
  await expect(second.locator("html")).toHaveAttribute("lang", "en");
  await expect(second.getByTestId("greeting")).toHaveText(
    format(en.nav.greeting, { username: user.username }),
  );
  await other.close();
});

test("a language save refused by its limit shows the server's reason, in Spanish", async ({ page }) => {
  const user = await member();
  // Spend the account's budget (RATE_LANGUAGE_CHANGES_PER_ACCOUNT, 30 an hour) through the API.
  for (let i = 0; i < 30; i++) {
    const saved = await seed.call("/api/users/me/locale", {
      method: "PUT",
      token: user.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ locale: "es" }),
    });
    expect(saved.status).toBe(200);
  }
  await signIn(page, user.token);
  await page.goto("/settings");
  // Hydrated first, as above: the plain link would switch without asking the account's limit.
  await expect(page.getByTestId("digest-setting")).toBeVisible();
  await page.getByTestId("language-en").last().click();
  await expect(page.getByRole("alert").filter({ hasText: es.rateLimits.languageChanges })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expectSpanish(page, "a refused language change");
});
