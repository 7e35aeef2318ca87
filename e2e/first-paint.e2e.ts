import type { Page } from "@playwright/test";
import { messages } from "../common/messages";
import { feedCardFor } from "./support/feed-card";
import { expect, hydrated, SPANISH_PHONE, seed, sql, test, uniqueName } from "./support/fixtures";

/**
 * Issue 50: a signed-in person opening /home or /clubs never sees the signed-out header, not
 * even for a frame, and logging out ends it: a reload after it shows the signed-out header.
 * An init script watches the DOM from before the first byte is parsed and records whether a
 * guest link of the top bar ("Iniciar sesión" / "Log in") was ever there.
 */
test.describe.configure({ timeout: 120_000 });

/** Records into window.__guestHeaderSeen whether the top bar's guest links were ever in the document. */
async function watchForGuestHeader(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __guestHeaderSeen: boolean };
    w.__guestHeaderSeen = false;
    const check = () => {
      if (document.querySelector('.topbar a[href="/login"], .topbar a[href="/signup"]'))
        w.__guestHeaderSeen = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
    check();
  });
}

const guestHeaderSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __guestHeaderSeen: boolean }).__guestHeaderSeen);

/** A member of a club with one post, logged in through the log-in form (as a person does). */
async function personWithAFeed(page: Page, locale: "es" | "en") {
  const owner = await seed.user({ role: "owner" });
  const club = await seed.club(owner.token, { name: uniqueName("Club de Teatro "), description: "Teatro." });
  const title = uniqueName("Ensayo abierto ");
  const user = await seed.user();
  await sql()`insert into club_members (club_id, user_id) values (${club.id}, ${user.id})`;
  await seed.post(owner.token, { club_id: String(club.id), title });
  const t = messages(locale).loginPage;
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel(t.username).fill(user.username);
  await page.getByLabel(t.password, { exact: true }).fill(user.password);
  await page.getByRole("button", { name: t.submit }).click();
  // The greeting sits in the folded menu on a phone: in the document, not necessarily shown.
  await expect(page.getByTestId("greeting")).toBeAttached();
  return { user, title, club };
}

for (const [label, options, locale] of [
  ["360 px, Spanish", SPANISH_PHONE, "es"],
  [
    "1280 px, English",
    {
      locale: "en-US",
      extraHTTPHeaders: { "accept-language": "en-US,en;q=0.9" },
      viewport: { width: 1280, height: 800 },
    },
    "en",
  ],
] as const) {
  test.describe(label, () => {
    test.use(options);

    test("a signed-in person never sees the signed-out header on /home and /clubs; log-out ends it", async ({
      page,
    }) => {
      const { user, title, club } = await personWithAFeed(page, locale);
      await watchForGuestHeader(page);

      // A fresh load of each page: the server draws it signed in, with its content.
      await page.goto("/home?sort=newest");
      await expect(page.getByTestId("greeting")).toContainText(user.username);
      await expect(await feedCardFor(page, title)).toBeVisible();
      expect(await guestHeaderSeen(page), "/home: no guest link ever in the DOM").toBe(false);
      await hydrated(page);
      expect(await guestHeaderSeen(page), "/home after hydrating").toBe(false);

      // Searched for by name: every spec shares one database, so the club can sit past page 1.
      await page.goto(`/clubs?q=${encodeURIComponent(club.name)}`);
      await expect(page.getByTestId("greeting")).toContainText(user.username);
      await expect(page.locator(".card-grid").last()).toContainText(club.name);
      await hydrated(page);
      expect(await guestHeaderSeen(page), "/clubs: no guest link ever in the DOM").toBe(false);

      // Log out from the menu (folded on a phone), then reload: signed out again.
      const m = messages(locale);
      const menu = page.locator(".topbar__menu-button");
      if (await menu.isVisible()) await menu.click();
      await page.getByRole("button", { name: m.nav.logOut }).click();
      const guestLogIn = page.locator(".topbar").getByRole("link", { name: m.nav.logIn });
      await expect(guestLogIn).toBeVisible();
      await expect
        .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === "session"))
        .toBe(false);
      await page.goto("/home");
      await expect(page).toHaveURL(/\/login$/);
      await page.goto("/clubs");
      await expect(guestLogIn).toBeVisible();
      await expect(page.getByTestId("greeting")).toHaveCount(0);
    });
  });
}
