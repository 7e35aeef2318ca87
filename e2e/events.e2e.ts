import { readFileSync } from "node:fs";
import { feedCard } from "./support/feed-seed";
import { expect, hydrated, pageFor, seed, shot, signIn, sql, test, uniqueName } from "./support/fixtures";

/**
 * Events (issue 20): a member answers Going from the feed and sees the count change, downloads
 * the event for their calendar, sees it in the upcoming strip and their calendar address; the
 * owner sees who is going from the club's page.
 */
test.describe.configure({ timeout: 120_000 });

test("a member RSVPs from the feed, adds it to the calendar; the owner sees the attendee list", async ({
  page,
  browser,
}) => {
  const owner = await seed.user({ role: "owner" });
  const member = await seed.user();
  const club = await seed.club(owner.token, {
    name: uniqueName("Robótica "),
    description: "Construimos robots.",
  });
  await sql()`insert into club_members (club_id, user_id) values (${club.id}, ${member.id})`;
  const title = uniqueName("Feria de robots ");
  const startsAt = new Date(Date.now() + 3 * 24 * 3600_000);
  const event = await seed.post(owner.token, {
    club_id: String(club.id),
    title,
    short_description: "Traigan sus prototipos.",
    is_event: "true",
    event_date: startsAt.toISOString(),
    event_location: "UNI, Auditorio",
    capacity: "10",
  });

  await signIn(page, member.token);
  await page.goto("/home?sort=newest");
  const card = await feedCard(page, title);
  await expect(card.getByTestId("going-count")).toHaveText("0 of 10 going");
  await card.getByTestId("rsvp-going").click();
  await expect(card.getByTestId("going-count")).toHaveText("1 of 10 going");
  await expect(card.getByTestId("rsvp-going")).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByText("You are going.")).toBeVisible();
  // The answer is the server's: a reload shows it still.
  await page.reload();
  await expect((await feedCard(page, title)).getByTestId("going-count")).toHaveText("1 of 10 going");
  await expect(page.getByTestId("upcoming-events")).toContainText(title);
  await shot(page, "events-feed");

  // Add to calendar downloads a one-event iCalendar file.
  const downloading = page.waitForEvent("download");
  await card.getByTestId("add-to-calendar").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`event-${event.id}.ics`);
  const ics = readFileSync((await download.path())!, "utf8");
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain("TZID:America/Managua");
  expect(ics).toContain(`SUMMARY:${title}`);

  // The private calendar address is in the settings, one tap from the profile.
  await page.goto("/settings");
  await expect(page.getByTestId("calendar-feed-url")).toHaveValue(/\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  await shot(page, "events-profile-calendar");

  // The owner opens the event from the club page (its next event) and sees who is going.
  const ownerPage = await pageFor(browser, owner);
  await ownerPage.goto(`/clubs/${club.id}`);
  const next = ownerPage.getByTestId("next-event");
  await expect(next).toContainText(title);
  await hydrated(ownerPage);
  await next.getByRole("link", { name: title }).click();
  const dialog = ownerPage.getByRole("dialog");
  await expect(dialog.getByTestId("going-count")).toHaveText("1 of 10 going");
  await dialog.getByTestId("show-attendees").click();
  await expect(dialog.getByTestId("attendee-list")).toContainText(member.username);
  await shot(ownerPage, "events-attendees");
  await ownerPage.context().close();
});
