import type { Page } from "@playwright/test";
import { eventWindow } from "../common/event-dates";
import { format, messages } from "../common/messages";
import { englishOnPage } from "./support/english-text";
import { expect, SPANISH_PHONE, seed, shot, signIn, sql, test, uniqueName } from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Events across clubs (issue 34): /events lists upcoming events of every club, filtered by
 * date preset, region and tag, with or without JavaScript; a member reaches a club's events from
 * its page and the RSVP from there. Each test's clubs carry their own tag, so other specs'
 * events never show in the lists it reads.
 */
const es = messages("es");
const en = messages("en");

test.describe.configure({ timeout: 120_000 });

/** An instant later today in Managua (half-way to its midnight), and one next month or later. */
function moments() {
  const now = new Date();
  const midnight = eventWindow("today", now).to!.getTime();
  return {
    today: new Date(now.getTime() + (midnight - now.getTime()) / 2),
    later: new Date(now.getTime() + 40 * 86_400_000),
  };
}

async function seedEvents() {
  const tag = uniqueName("etiqueta");
  const owner = await seed.user({ role: "owner" });
  const leon = await seed.club(owner.token, { name: uniqueName("Teatro León "), description: "Obras." });
  const granada = await seed.club(owner.token, {
    name: uniqueName("Ajedrez Granada "),
    description: "Torneos.",
  });
  await sql()`update clubs set tags = ${`${tag}, Arte`}, region = 'León' where id = ${leon.id}`;
  await sql()`update clubs set tags = ${`${tag}, Deportes`}, region = 'Granada' where id = ${granada.id}`;
  const { today, later } = moments();
  const insert = async (clubId: number, title: string, at: Date) => {
    const [row] = await sql()<{ id: number }[]>`
      insert into posts (club_id, title, is_event, event_date, event_location)
      values (${clubId}, ${title}, true, ${at.toISOString()}, 'Teatro Municipal') returning id`;
    return row!.id;
  };
  const titles = {
    leonToday: uniqueName("Obra de hoy "),
    leonLater: uniqueName("Obra lejana "),
    granadaToday: uniqueName("Torneo de hoy "),
  };
  const ids = {
    leonToday: await insert(leon.id, titles.leonToday, today),
    leonLater: await insert(leon.id, titles.leonLater, later),
    granadaToday: await insert(granada.id, titles.granadaToday, today),
  };
  return { tag, owner, leon, granada, titles, ids };
}

/** Presses Tab until `name` has focus (keyboard only), failing after 60 presses. */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if (await page.locator(selector).evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${selector} never got focus`);
}

test.describe("360 px, Spanish", () => {
  test.use(SPANISH_PHONE);

  test("filters by region and by date", async ({ page }) => {
    const { tag, titles } = await seedEvents();
    await page.goto(`/events?tag=${tag}`);
    await expect(page.getByRole("heading", { level: 1, name: es.events.pageTitle })).toBeVisible();
    const list = page.getByRole("list", { name: es.events.pageTitle });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await page.getByLabel(es.events.filterRegion).selectOption("León");
    await page.getByRole("button", { name: es.events.filterApply }).click();
    await expect(page).toHaveURL(/region=Le/);
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list).not.toContainText(titles.granadaToday);
    await page.getByRole("link", { name: es.events.whenToday, exact: true }).click();
    await expect(page).toHaveURL(/when=today/);
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText(titles.leonToday);
    await page.waitForLoadState("networkidle");
    expect(await englishOnPage(page), "/events: English text on a Spanish page").toEqual([]);
    await expectNoSeriousAxeViolations(page, "/events (es, 360 px)");
    await shot(page, "events-page-es");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the GET form, the date links and the paging links all work", async ({ page }) => {
      const { tag, titles, leon } = await seedEvents();
      // 20 more events in León next week: a second page.
      await sql()`
        insert into posts (club_id, title, is_event, event_date)
        select ${leon.id}, 'Ensayo ' || g, true, now() + interval '7 days' + g * interval '1 minute'
        from generate_series(1, 20) g`;
      await page.goto(`/events?tag=${tag}`);
      await page.getByLabel(es.events.filterRegion).selectOption("Granada");
      await page.getByRole("button", { name: es.events.filterApply }).click();
      await expect(page).toHaveURL(/region=Granada/);
      const list = page.getByRole("list", { name: es.events.pageTitle });
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list).toContainText(titles.granadaToday);

      await page.goto(`/events?tag=${tag}&region=Le%C3%B3n`);
      await expect(list.getByRole("listitem")).toHaveCount(20);
      await page.getByRole("link", { name: es.events.nextPage }).click();
      await expect(page).toHaveURL(/cursor=/);
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await expect(list).toContainText(titles.leonLater);
      await page.getByRole("link", { name: es.events.whenToday, exact: true }).click();
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list).toContainText(titles.leonToday);
    });
  });
});

test("a member reaches a club's events from its page, and the RSVP from there", async ({ page }) => {
  const { leon, titles, ids } = await seedEvents();
  const member = await seed.user();
  await sql()`insert into club_members (club_id, user_id) values (${leon.id}, ${member.id})`;
  await signIn(page, member.token);
  await page.goto(`/clubs/${leon.id}`);
  await page.getByRole("link", { name: en.events.clubEventsLink }).click();
  await expect(page).toHaveURL(new RegExp(`/events\\?club=${leon.id}`));
  const list = page.getByRole("list", { name: en.events.pageTitle });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText(`Upcoming events of ${leon.name}.`)).toBeVisible();
  await list.getByRole("link", { name: format(en.events.rsvpLinkFor, { event: titles.leonToday }) }).click();
  await expect(page).toHaveURL(new RegExp(`post=${ids.leonToday}`));
  await page.getByTestId("rsvp-going").first().click();
  await expect(page.getByTestId("going-count").first()).toContainText("1");
});

test("1280 px English, keyboard only; no serious axe violation", async ({ page }) => {
  const { tag, titles } = await seedEvents();
  await page.goto(`/events?tag=${tag}`);
  const list = page.getByRole("list", { name: en.events.pageTitle });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await tabTo(page, "#events-region");
  await page.keyboard.press("ArrowDown"); // Managua
  await expect(page).toHaveURL(/region=Managua/);
  // Each pick applies at once, and the select keeps the keyboard's focus for the next one.
  await expect(page.locator("#events-region")).toBeFocused();
  await page.keyboard.press("ArrowDown"); // León
  await expect(page.locator("#events-region")).toHaveValue("León");
  await tabTo(page, ".event-filters__apply");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/region=Le/);
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await tabTo(page, `a[href*="when=today"]`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/when=today/);
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await tabTo(page, `.event-card__title a`);
  await expect(page.locator(".event-card__title a")).toHaveText(titles.leonToday);
  await expectNoSeriousAxeViolations(page, "/events (en, 1280 px)");
  await keepScreenshot(page, { path: "e2e/screenshots/events-page-en-desktop.png", fullPage: true });
});
