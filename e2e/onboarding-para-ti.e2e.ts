import { format, messages } from "../common/messages";
import { expect, pageFor, seed, shot, sql, test, uniqueName } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Issue 50, suggestions first: after the interests (saved or skipped) onboarding lands on
 * "Para vos" (/for-you): the suggested clubs with their reasons, her region's first, then the
 * events near her. /clubs shows "Para vos" above the full list, filtered to her region, and
 * every club card names its city. 360 px in Spanish, 1280 px in English.
 */
test.describe.configure({ timeout: 120_000 });

async function world() {
  const owner = await seed.user({ role: "owner" });
  await seed.profile(owner.id);
  const tag = uniqueName("Teatro");
  // Both share her topic; only one is in her region, and it must come first.
  const managua = await seed.club(owner.token, {
    name: uniqueName("Actores Managua "),
    description: "Obras.",
    tags: tag,
    region: "Managua",
  });
  // Masaya: no other spec seeds events there, so "events near her" cannot fill up with
  // another spec's (events-page.e2e.ts puts León's "today" event minutes before midnight).
  const masaya = await seed.club(owner.token, {
    name: uniqueName("Actores Masaya "),
    description: "Obras.",
    tags: tag,
    region: "Masaya",
  });
  // Newer activity in Managua: region must beat activity and tags alike.
  await sql()`update clubs set last_activity_at = now() where id = ${managua.id}`;
  const eventTitle = uniqueName("Función en Masaya ");
  await sql()`insert into posts (club_id, title, is_event, event_date)
    values (${masaya.id}, ${eventTitle}, true, ${new Date(Date.now() + 10 * 60_000).toISOString()})`;
  const student = await seed.user();
  await seed.profile(student.id);
  return { tag, managua, masaya, eventTitle, student };
}

for (const { lang, locale, width } of [
  { lang: "es", locale: "es-NI", width: 360 },
  { lang: "en", locale: "en-US", width: 1280 },
] as const) {
  test(`interests lead to "Para vos", region first, then events near her (${lang}, ${width} px)`, async ({
    browser,
  }) => {
    const w = messages(lang);
    const { tag, managua, masaya, eventTitle, student } = await world();
    const page = await pageFor(browser, student, locale);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });

    await page.goto("/interests");
    await page.getByRole("checkbox", { name: tag }).check();
    await page.getByLabel(w.interestsPage.region).selectOption("Masaya");
    await page.getByRole("button", { name: w.interestsPage.save }).click();

    await expect(page).toHaveURL(/\/for-you$/);
    await expect(page.getByRole("heading", { level: 1, name: w.suggestions.title })).toBeVisible();
    const items = page.getByTestId("suggested-clubs").locator(".suggested__item");
    await expect(items.first()).toContainText(masaya.name);
    await expect(items.first()).toContainText(format(w.interests.reasonRegion, { region: "Masaya" }));
    await expect(items.first()).toContainText(format(w.interests.reasonTag, { tag }));
    // Other specs' Masaya clubs may sit between them; the Managua club never comes first.
    const names = await items.allInnerTexts();
    const managuaAt = names.findIndex((text) => text.includes(managua.name));
    expect(managuaAt === -1 || managuaAt > 0).toBe(true);
    await expect(items.first().getByTestId("club-card-region")).toHaveText("Masaya");
    const events = page.getByTestId("for-you-events");
    await expect(events.getByRole("heading", { name: w.suggestions.eventsTitle })).toBeVisible();
    await expect(events).toContainText(format(w.suggestions.eventsIn, { region: "Masaya" }));
    await expect(events).toContainText(eventTitle);
    await expectNoSeriousAxeViolations(page, `/for-you (${lang})`);
    await shot(page, `onboarding-para-ti-${lang}`);

    // /clubs: her region fills the filter, and "Para vos" comes before the full list.
    await page.goto("/clubs");
    await expect(page).toHaveURL(/region=Masaya/);
    const suggested = page.getByTestId("suggested-clubs");
    await expect(suggested.locator(".suggested__item").first()).toContainText(masaya.name);
    const list = page.locator(".clubs-page > .card-grid").first();
    await expect(list).toBeVisible();
    const [above, below] = [await suggested.boundingBox(), await list.boundingBox()];
    expect(above!.y + above!.height).toBeLessThanOrEqual(below!.y);
    await expect(list.getByTestId("club-card-region").first()).toHaveText("Masaya");
    await shot(page, `onboarding-clubs-${lang}`);
    await page.context().close();
  });
}

test("skipping the interests lands on Para vos too", async ({ browser }) => {
  const { student } = await world();
  const page = await pageFor(browser, student);
  await page.goto("/interests");
  await page.getByRole("button", { name: messages("en").interestsPage.skip }).click();
  await expect(page).toHaveURL(/\/for-you$/);
  await expect(page.getByRole("heading", { level: 1, name: messages("en").suggestions.title })).toBeVisible();
  await page.context().close();
});
