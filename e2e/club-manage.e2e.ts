import { answerConfirm } from "./support/confirm";
import { expect, seed, shot, signIn, test, uniqueName } from "./support/fixtures";
import { makePng } from "./support/png";

/**
 * Club management (issue 8): an owner creates a club with images on /clubs/new, edits it on
 * /clubs/edit/{id} (members and requests), publishes posts and events from the club page, and
 * finds the event in the club calendar and the feed. Failure paths: required fields, empty post,
 * event without date, a server refusal, a wrong owner, a demoted owner.
 */

// Each test seeds several accounts (argon2 hashing) and takes screenshots at two widths.
test.describe.configure({ timeout: 60_000 });

const cover = makePng(480, 240, [0, 103, 198], [250, 180, 40]);
const avatar = makePng(96, 96, [30, 123, 52], [200, 40, 30]);

function nextMonth(day = 15) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + 1, day, 18, 30);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    input: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T18:30`,
    month: `${d.getFullYear()}-${pad(d.getMonth() + 1)}`,
  };
}

test("an owner creates a club with images, normalised links and a cover position", async ({ page }) => {
  const owner = await seed.user({ role: "owner" });
  await signIn(page, owner.token);
  await page.goto("/clubs/new");
  await expect(page.getByRole("heading", { name: "Create a club" })).toBeVisible();
  await shot(page, "club-new");

  // Required fields first.
  await page.getByRole("button", { name: "Create club" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toContainText("Enter the club name");
  await expect(summary).toContainText("Enter a short description");

  const name = uniqueName("Robotics ");
  await page.getByLabel("Club name").fill(name);
  await page.getByLabel("Short description").fill("We build robots after class.");
  await page.getByLabel("Full description").fill("Weekly workshops, competitions and a friendly crowd.");
  await page.getByLabel("Tags").fill("Science, Technology");
  await page.getByLabel("Region").selectOption("León");
  await page
    .getByLabel("Cover image")
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: cover });
  await page
    .getByLabel("Profile picture", { exact: true })
    .setInputFiles({ name: "avatar.png", mimeType: "image/png", buffer: avatar });
  await expect(page.getByTestId("cover-preview")).toBeVisible();
  await expect(page.getByTestId("profile-preview")).toBeVisible();
  const x = page.getByLabel("Cover horizontal position");
  await expect(x).toHaveValue("50");
  await expect(page.getByLabel("Cover vertical position")).toHaveValue("50");
  await x.fill("20");
  await expect(page.getByTestId("cover-preview")).toHaveCSS("object-position", "20% 50%");

  // Tabs by keyboard: focus the selected tab, arrow right.
  await page.getByRole("tab", { name: "Overview" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Members" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Members" })).toBeFocused();
  await page.getByLabel("President", { exact: true }).fill("Ana López");
  await page.getByLabel("Vice president").fill("Luis Pérez");
  await page.getByLabel("Secretary").fill("María Ruiz");
  await page.getByLabel("Member criteria").fill("Curious students of any year.");
  await page.keyboard.press("Tab");
  await page.getByRole("tab", { name: "Connect" }).click();
  await page.getByLabel("Meeting location").fill("maps.google.com/?q=UNAN");
  await page.getByLabel("Contact hours").fill("Mon–Fri 2–5 pm");
  await page.getByLabel("Response time").fill("Within a day");
  await page.getByLabel("Facebook").fill("facebook.com/robotica");
  await page.getByLabel("WhatsApp").fill("00505 8888-7777");
  await expect(page.getByTestId("club-facebook-normalised")).toHaveText(
    "Will be saved as https://www.facebook.com/robotica",
  );
  await expect(page.getByTestId("club-whatsapp-normalised")).toHaveText(
    "Will be saved as https://wa.me/50588887777",
  );
  await shot(page, "club-new-connect");

  // Unsaved-changes guard: leaving is confirmed; dismissing keeps the form.
  await page.getByRole("link", { name: "All clubs" }).click();
  await answerConfirm(page, false, "unsaved changes");
  await expect(page).toHaveURL(/\/clubs\/new$/);
  await expect(page.getByLabel("Facebook")).toHaveValue("facebook.com/robotica");

  await page.getByRole("button", { name: "Create club" }).click();
  await expect(page).toHaveURL(/\/clubs\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split("/").pop());

  const saved = await seed.call(`/api/clubs/${id}`);
  expect(saved.body).toMatchObject({
    name,
    region: "León",
    cover_position_x: 20,
    cover_position_y: 50,
    president: "Ana López",
    meeting_location: "https://maps.google.com/?q=UNAN",
    social_links: { facebook: "https://www.facebook.com/robotica", whatsapp: "https://wa.me/50588887777" },
  });
  expect(saved.body.image_url).toMatch(/^\/uploads\//);
  expect(saved.body.profile_image_url).toMatch(/^\/uploads\//);
});

test("the owner edits the club, accepts and declines requests; others cannot edit", async ({
  page,
  browser,
}) => {
  const owner = await seed.user({ role: "owner" });
  const club = await seed.club(owner.token, { name: uniqueName("Chess "), description: "Think ahead." });
  const joiner = await seed.user();
  const other = await seed.user();
  for (const u of [joiner, other]) {
    await seed.profile(u.id);
    const r = await seed.call(`/api/connection-requests?club_id=${club.id}`, {
      method: "POST",
      token: u.token,
    });
    expect(r.status).toBeLessThan(300);
  }

  await signIn(page, owner.token);
  await page.goto(`/clubs/edit/${club.id}`);
  await expect(page.getByLabel("Club name")).toHaveValue(club.name);
  await page.getByLabel("Short description").fill("Think two moves ahead.");
  await page.getByRole("tab", { name: "Members" }).click();
  const requests = page.getByTestId("club-request");
  await expect(requests).toHaveCount(2);
  await shot(page, "club-edit-members");
  await requests.filter({ hasText: joiner.username }).getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("is now a member.")).toBeVisible();
  await expect(page.getByTestId("club-members")).toContainText(joiner.username);

  // A failing decline says so and keeps the request.
  await page.route("**/api/connection-requests/*", (route) =>
    route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "{}" }) : route.fallback(),
  );
  await requests.filter({ hasText: other.username }).getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText("Failed to decline")).toBeVisible();
  await page.unroute("**/api/connection-requests/*");
  await requests.filter({ hasText: other.username }).getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText("Request declined.")).toBeVisible();
  await expect(requests).toHaveCount(0);

  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(page.getByTestId("cover-preview")).toHaveCount(0);
  await page
    .getByLabel("Cover image")
    .setInputFiles({ name: "board.png", mimeType: "image/png", buffer: cover });
  await page.getByLabel("Cover vertical position").fill("80");
  await expect(page.getByTestId("cover-preview")).toHaveCSS("object-position", "50% 80%");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/clubs/${club.id}$`));
  await expect(page.getByText("Think two moves ahead.").first()).toBeVisible();
  const edited = await seed.call(`/api/clubs/${club.id}`);
  expect(edited.body).toMatchObject({ description: "Think two moves ahead.", cover_position_y: 80 });
  expect(edited.body.image_url).toMatch(/^\/uploads\//);

  // The stored cover shows in the form next time, at its saved position.
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Short description")).toHaveValue("Think two moves ahead.");
  // The stored cover at display size (its WebP widths, see e2e/images.e2e.ts).
  await expect(page.getByTestId("cover-preview")).toHaveAttribute("src", `${edited.body.image_url}/800.webp`);
  await expect(page.getByTestId("cover-preview")).toHaveCSS("object-position", "50% 80%");

  // Another owner is sent away from this club's edit page.
  const stranger = await seed.user({ role: "owner" });
  const context = await browser.newContext({ locale: "en-US" });
  const strangerPage = await context.newPage();
  await signIn(strangerPage, stranger.token);
  await strangerPage.goto(`/clubs/edit/${club.id}`);
  await expect(strangerPage).toHaveURL(/\/$/);
  await context.close();
});

test("an owner whose role was taken away sees the create refusal", async ({ page }) => {
  const owner = await seed.user({ role: "owner" });
  await signIn(page, owner.token);
  await page.goto("/clubs/new");
  await page.getByLabel("Club name").fill("Not allowed");
  await page.getByLabel("Short description").fill("Should be refused.");
  const { sql } = await import("./support/fixtures");
  await sql()`update users set role = 'member' where id = ${owner.id}`;
  await page.getByRole("button", { name: "Create club" }).click();
  await expect(page.getByText("You must be a club owner or admin to create a club.")).toBeVisible();
  await expect(page.getByLabel("Club name")).toHaveValue("Not allowed");
});

test("posts and events from the club page reach the calendar and the feed", async ({ page }) => {
  const owner = await seed.user({ role: "owner" });
  const club = await seed.club(owner.token, { name: uniqueName("Theatre "), description: "On stage." });
  await signIn(page, owner.token);
  await page.goto(`/clubs/${club.id}?tab=posts`);
  await page.getByRole("button", { name: "New post or event" }).click();
  const composer = page.getByTestId("post-composer");

  // Empty post refused without a request.
  await composer.getByRole("button", { name: "Publish post" }).click();
  await expect(
    composer.getByText("Please add text, an Instagram URL, or upload an image.").first(),
  ).toBeVisible();

  // A server refusal keeps the input and says what failed.
  await composer.getByLabel("Instagram URL").fill("https://example.com/not-instagram");
  await composer.getByRole("button", { name: "Publish post" }).click();
  await expect(composer.getByText(/^Failed to create post: /)).toBeVisible();
  await expect(composer.getByLabel("Instagram URL")).toHaveValue("https://example.com/not-instagram");
  await composer.getByLabel("Instagram URL").fill("");

  // An event needs a date.
  const eventTitle = uniqueName("Opening night ");
  await composer.getByLabel("Title", { exact: true }).fill(eventTitle);
  await composer.getByLabel("This is an event").check();
  await composer.getByRole("button", { name: "Publish event" }).click();
  await expect(composer.getByText("Please select a date").first()).toBeVisible();
  await shot(page, "post-composer-errors");

  const when = nextMonth(15);
  await composer.getByLabel("Event date and time").fill(when.input);
  await composer.getByLabel("Event location").fill("Teatro Rubén Darío");
  await composer
    .getByLabel("Image", { exact: true })
    .setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: cover });
  await expect(composer.getByRole("img", { name: "Image preview" })).toBeVisible();
  await composer.getByRole("button", { name: "Publish event" }).click();
  await expect(composer.getByText("Your event is live.")).toBeVisible();
  await expect(page.locator(".post-list")).toContainText(eventTitle);

  // Calendar: the event on its day; adding one without a date is refused.
  await page.goto(`/clubs/${club.id}/calendar?month=${when.month}`);
  await expect(page.getByTestId("calendar-event").filter({ hasText: eventTitle })).toBeVisible();
  await expect(page.getByTestId("calendar-event").filter({ hasText: eventTitle })).toContainText(
    "Teatro Rubén Darío",
  );
  const addForm = page.getByTestId("post-composer");
  const second = uniqueName("Rehearsal ");
  await addForm.getByLabel("Title", { exact: true }).fill(second);
  await addForm.getByRole("button", { name: "Publish event" }).click();
  await expect(addForm.getByText("Please select a date").first()).toBeVisible();
  await addForm.getByLabel("Event date and time").fill(nextMonth(20).input);
  await addForm.getByRole("button", { name: "Publish event" }).click();
  await expect(page.getByTestId("calendar-event").filter({ hasText: second })).toBeVisible();
  await shot(page, "club-calendar");

  // Opening an event shows its details.
  await page.getByTestId("calendar-event").filter({ hasText: eventTitle }).click();
  await expect(page.getByTestId("event-details")).toContainText("Teatro Rubén Darío");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("post-dialog")).toHaveCount(0);

  // An empty month says so.
  await page.goto(`/clubs/${club.id}/calendar?month=2001-01`);
  await expect(page.getByTestId("calendar-empty")).toContainText("No events this month.");

  // The feed shows the event.
  await page.goto("/home?sort=newest");
  await expect(page.getByTestId("feed-card").filter({ hasText: eventTitle })).toBeVisible();
});

test("a member sees the calendar without the add-event form", async ({ page }) => {
  const owner = await seed.user({ role: "owner" });
  const club = await seed.club(owner.token, { name: uniqueName("Choir "), description: "We sing." });
  const member = await seed.user();
  await signIn(page, member.token);
  await page.goto(`/clubs/${club.id}/calendar`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(club.name);
  await expect(page.getByTestId("calendar-empty")).toBeVisible();
  await expect(page.getByTestId("post-composer")).toHaveCount(0);
});
