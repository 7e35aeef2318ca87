import type { Page } from "@playwright/test";
import { member } from "./support/community-seed";
import { expect, pageFor, seed, shot, sql, test, uniqueName } from "./support/fixtures";
import { fileReport } from "./support/report-world";

/**
 * Spanish that reads as written by a person (issue 38): a walk at 360 px in Spanish through
 * the screens the issue names (an event's count, the club calendar's month and day headings
 * and times, the report queue's count and its result) finds none of "1 van", "1 abiertos",
 * "(s)", "De 2026", "a. m.." and finds their correct forms.
 */
test.describe.configure({ timeout: 120_000 });

const WRONG = [/\b1 van\b/, /\b1 abiertos\b/, /\(s\)/, /De 2026/, /[ap]\. m\.\./, /De Diciembre/];

async function readsRight(page: Page, where: string) {
  // The rendered text, as read on screen (textContent would include hidden and script text).
  // biome-ignore lint/performance/useDomNodeTextContent: the text on screen is what is checked
  const text = await page.evaluate(() => document.body.innerText);
  for (const wrong of WRONG) expect(text, `${where}: ${wrong}`).not.toMatch(wrong);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits, `${where}: no horizontal overflow`).toBe(true);
}

test("a Spanish walk: counts, dates and times read as written by a person", async ({ browser }) => {
  const owner = await member("owner");
  const student = await member();
  const admin = await member("admin");
  const club = await seed.club(owner.token, {
    name: uniqueName("Ajedrez Managua "),
    description: "Partidas.",
  });
  await sql()`insert into club_members (club_id, user_id) values (${club.id}, ${student.id})`;
  const title = uniqueName("Torneo relámpago ");
  // Friday 18 December 2026, 9:30 in Managua (UTC-6).
  const event = await seed.post(owner.token, {
    club_id: String(club.id),
    title,
    short_description: "Traigan su tablero.",
    is_event: "true",
    event_date: "2026-12-18T15:30:00.000Z",
    event_location: "Colegio Centroamérica",
  });
  const rsvp = await seed.call(`/api/posts/${event.id}/rsvp`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ status: "going" }),
    token: student.token,
  });
  expect(rsvp.status).toBe(200);

  const page = await pageFor(browser, student, "es-NI");
  await page.setViewportSize({ width: 360, height: 740 });

  // The event's count: one person "va".
  await page.goto(`/clubs/${club.id}?tab=posts&post=${event.id}`);
  await expect(page.getByTestId("post-dialog").getByTestId("going-count")).toHaveText("1 va");
  await readsRight(page, "event dialog");

  // The club calendar: "Diciembre de 2026", "Viernes, 18 de diciembre", "9:30 a. m.".
  await page.goto(`/clubs/${club.id}/calendar?month=2026-12`);
  await expect(page.getByText("Diciembre de 2026", { exact: true })).toBeVisible();
  await expect(page.getByText("Viernes, 18 de diciembre", { exact: true })).toBeVisible();
  await expect(page.getByTestId("calendar-event").filter({ hasText: title })).toContainText("9:30 a. m.");
  await readsRight(page, "club calendar");
  await shot(page, "craft-spanish-calendar");

  // The report queue: the open count agrees with its number; one dismissed report reads singular.
  expect((await fileReport(student, { target_type: "post", target_id: event.id })).status).toBe(201);
  const adminPage = await pageFor(browser, admin, "es-NI");
  await adminPage.setViewportSize({ width: 360, height: 740 });
  await adminPage.goto("/admin/reports");
  await adminPage.getByRole("button", { name: "Panel de administración" }).click();
  const open = adminPage.getByText(/^\d+ abiertos?$/);
  await expect(open).toBeVisible();
  const shown = ((await open.textContent()) ?? "").trim();
  expect(shown).toBe(shown.startsWith("1 ") ? "1 abierto" : shown.replace(/abierto$/, "abiertos"));
  await adminPage.keyboard.press("Escape");
  const group = adminPage.getByTestId("report-group").filter({ hasText: title });
  await expect(group).toContainText("1 reporte");
  await readsRight(adminPage, "report queue");
  await group.getByRole("button", { name: "Descartar" }).click();
  await expect(adminPage.getByText("Se descartó 1 reporte.")).toBeVisible();
  await readsRight(adminPage, "report queue after dismissing");
  await adminPage.context().close();
  await page.context().close();
});
