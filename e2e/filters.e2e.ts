import { eventWindow } from "../common/event-dates";
import { format, messages } from "../common/messages";
import { expect, pageFor, seed, shot, sql, test, uniqueName } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Issue 50, filters that remember: on /events and /clubs the region comes from the profile,
 * filters combine (a region and "Este fin de semana" keep each other) and live in the URL, so a
 * reload keeps them; an empty week names the next date that would match. Each test's clubs carry
 * their own tag, so other specs' data never shows in the lists read here.
 */
test.describe.configure({ timeout: 120_000 });

const DAY = 86_400_000;

async function world() {
  const tag = uniqueName("filtro");
  const owner = await seed.user({ role: "owner" });
  const leon = await seed.club(owner.token, {
    name: uniqueName("Coro León "),
    description: "Canto.",
    tags: tag,
    region: "León",
  });
  const granada = await seed.club(owner.token, {
    name: uniqueName("Coro Granada "),
    description: "Canto.",
    tags: tag,
    region: "Granada",
  });
  // This weekend only Granada has an event; León's next one is after it.
  const weekend = eventWindow("weekend", new Date());
  const inWeekend = new Date((weekend.from.getTime() + weekend.to!.getTime()) / 2);
  const afterWeekend = new Date(weekend.to!.getTime() + 3 * DAY);
  const titles = { granada: uniqueName("Concierto Granada "), leon: uniqueName("Concierto León ") };
  await sql()`insert into posts (club_id, title, is_event, event_date) values
    (${granada.id}, ${titles.granada}, true, ${inWeekend.toISOString()}),
    (${leon.id}, ${titles.leon}, true, ${afterWeekend.toISOString()})`;
  const student = await seed.user();
  await seed.profile(student.id);
  await sql()`update users set region = 'León' where id = ${student.id}`;
  return { tag, leon, granada, titles, student };
}

for (const { lang, locale, width } of [
  { lang: "es", locale: "es-NI", width: 360 },
  { lang: "en", locale: "en-US", width: 1280 },
] as const) {
  test(`/events: her region, then the weekend chip, both kept; an empty week names the next date (${lang}, ${width} px)`, async ({
    browser,
  }) => {
    const t = messages(lang).events;
    const { tag, titles, student } = await world();
    const page = await pageFor(browser, student, locale);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });

    await page.goto(`/events?tag=${encodeURIComponent(tag)}`);
    // The profile's region fills the filter, beside the tag already chosen.
    await expect(page).toHaveURL(/region=Le(%C3%B3|ó)n/);
    await expect(page).toHaveURL(new RegExp(`tag=${tag}`));
    await expect(page.getByLabel(t.filterRegion)).toHaveValue("León");
    await expect(page.getByText(titles.leon)).toBeVisible();

    await page.getByRole("link", { name: t.whenWeekend }).click();
    await expect(page).toHaveURL(/when=weekend/);
    await expect(page).toHaveURL(/region=Le(%C3%B3|ó)n/);
    await expect(page.getByText(t.listEmpty)).toBeVisible();
    const next = page.getByTestId("next-event-date");
    await expect(next).toContainText(format(t.nextMatchIn, { region: "León", date: "" }).trim());
    await expect(page.getByText(titles.granada)).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, `/events empty weekend (${lang})`);
    await shot(page, `filters-events-empty-${lang}`);

    // The URL holds it all: a reload shows the same filters.
    await page.reload();
    await expect(page.getByLabel(t.filterRegion)).toHaveValue("León");
    await expect(page.getByTestId("next-event-date")).toBeVisible();

    // Every region, picked in the select, applies at once and keeps the weekend.
    await page.getByLabel(t.filterRegion).selectOption("all");
    await expect(page).toHaveURL(/region=all/);
    await expect(page).toHaveURL(/when=weekend/);
    await expect(page.getByText(titles.granada)).toBeVisible();
    // "All regions" sticks: her own region is not put back.
    await page.reload();
    await expect(page.getByLabel(t.filterRegion)).toHaveValue("all");
    await expect(page.getByText(titles.granada)).toBeVisible();
    await page.context().close();
  });
}

test("/clubs: her region and a tag combine and persist; All regions sticks", async ({ browser }) => {
  const f = messages("en").screens.clubFilters;
  const { tag, leon, granada, student } = await world();
  const page = await pageFor(browser, student);
  await page.goto(`/clubs?tag=${encodeURIComponent(tag)}`);
  await expect(page).toHaveURL(/region=Le(%C3%B3|ó)n/);
  await expect(page).toHaveURL(new RegExp(`tag=${tag}`));
  const list = page.locator(".clubs-page > .card-grid");
  await expect(list.getByText(leon.name)).toBeVisible();
  await expect(list.getByText(granada.name)).toHaveCount(0);
  await expect(list.getByTestId("club-card-region").first()).toHaveText("León");
  await shot(page, "filters-clubs-en");

  await page.reload();
  await expect(list.getByText(leon.name)).toBeVisible();
  await expect(list.getByText(granada.name)).toHaveCount(0);

  await page.getByText(f.filtersActive.replace("{count}", "2")).click();
  await page
    .getByRole("navigation", { name: f.filterRegion })
    .getByRole("link", { name: f.allRegions })
    .click();
  await expect(page).toHaveURL(/region=all/);
  await expect(page).toHaveURL(new RegExp(`tag=${tag}`));
  await expect(list.getByText(granada.name)).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/region=all/);
  await expect(list.getByText(granada.name)).toBeVisible();
  await expect(list.getByText(leon.name)).toBeVisible();
  await page.context().close();
});
