import type { Page } from "@playwright/test";
import { messages } from "../common/messages";
import { englishOnPage } from "./support/english-text";
import {
  expect,
  pageFor,
  SPANISH_PHONE,
  seed,
  shot,
  signIn,
  sql,
  test,
  uniqueName,
} from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * The owners' dashboard at /recruiting (issue 35): figures for the owner's club with a text table
 * beside each chart, in Spanish on a phone and English on a laptop, by keyboard only; admins
 * also see the site totals; members are sent home (spec: owners and admins only).
 */
const es = messages("es").recruitingPage;
const en = messages("en").recruitingPage;

test.describe.configure({ timeout: 120_000 });

/** Presses Tab until `selector` has focus (keyboard only), failing after 60 presses. */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if (await page.locator(selector).evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${selector} never got focus`);
}

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** An owner's club with two members, a post, an event, answered requests and chat, all recent. */
async function seedClub() {
  const owner = await seed.user({ role: "owner" });
  const club = await seed.club(owner.token, { name: uniqueName("Robótica "), description: "Robots." });
  const db = sql();
  for (const days of [3, 1]) {
    const m = await seed.user();
    await db`insert into club_members (club_id, user_id, joined_at) values (${club.id}, ${m.id}, ${ago(days)})`;
  }
  await db`update clubs set member_count = 2 where id = ${club.id}`;
  const postTitle = uniqueName("Taller de Arduino ");
  const eventTitle = uniqueName("Feria de ciencias ");
  await db`insert into posts (club_id, title, created_at, like_count, comment_count, views)
    values (${club.id}, ${postTitle}, ${ago(2)}, 7, 3, 12)`;
  await db`insert into posts (club_id, title, created_at, is_event, event_date, going_count)
    values (${club.id}, ${eventTitle}, ${ago(20)}, true, ${ago(4)}, 9)`;
  await db`insert into join_request_outcomes (club_id, requested_at, answered_at, outcome)
    values (${club.id}, ${ago(3)}, ${ago(2.9)}, 'accepted'), (${club.id}, ${ago(1)}, ${ago(0.9)}, 'accepted')`;
  for (let i = 0; i < 4; i++) {
    await db`insert into messages (sender_id, club_id, content, created_at) values (${owner.id}, ${club.id}, 'hola', ${ago(2)})`;
  }
  return { owner, club, postTitle, eventTitle };
}

test.describe("360 px, Spanish", () => {
  test.use(SPANISH_PHONE);

  test("the owner's figures render with their text tables", async ({ page }) => {
    const { owner, club, postTitle, eventTitle } = await seedClub();
    await signIn(page, owner.token);
    await page.goto("/recruiting");
    await expect(page.getByRole("heading", { level: 1, name: es.title })).toBeVisible();
    await expect(page.getByLabel(es.clubLabel)).toHaveValue(String(club.id));
    await expect(page.getByRole("heading", { name: es.membersTitle })).toBeVisible();

    // Each chart's text twin, named by its caption.
    const members = page.getByRole("table", { name: es.membersTable });
    await expect(members.getByRole("row")).toHaveCount(31);
    await expect(members.getByRole("row").last()).toContainText("2");
    const requests = page.getByRole("table", { name: es.requestsTable });
    await expect(requests.getByRole("row", { name: new RegExp(es.statusAccepted) })).toContainText("2");
    await expect(page.getByRole("table", { name: es.chatTable }).getByRole("row")).toHaveCount(2);

    const posts = page.getByRole("table", { name: es.postsTitle });
    await expect(posts.getByRole("row", { name: new RegExp(postTitle) })).toContainText(/12\s*7\s*3/);
    const events = page.getByRole("table", { name: es.eventsTitle });
    const eventRow = events.getByRole("row", { name: new RegExp(eventTitle) });
    await expect(eventRow).toContainText("9");
    await expect(eventRow).toContainText("—");

    expect(await englishOnPage(page), "/recruiting: English text on a Spanish page").toEqual([]);
    await expectNoSeriousAxeViolations(page, "/recruiting (es, 360 px)");
    await shot(page, "recruiting-es");
  });
});

test("1280 px English, keyboard only: a range is chosen and a bad one explained", async ({ page }) => {
  const { owner, postTitle } = await seedClub();
  await signIn(page, owner.token);
  await page.goto("/recruiting");
  await expect(page.getByRole("table", { name: en.postsTitle })).toContainText(postTitle);

  // Start after the end: the server's detail shows, and what was typed stays.
  await tabTo(page, "#dash-from");
  await page.keyboard.type("10102026");
  await expect(page.getByLabel(en.fromLabel)).toHaveValue("2026-10-10");
  await tabTo(page, "#dash-to");
  await page.keyboard.type("10012026");
  await expect(page.getByLabel(en.toLabel)).toHaveValue("2026-10-01");
  await tabTo(page, ".dash-range button[type=submit]");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toContainText(messages("en").dashboard.fromAfterTo);
  await expect(page.getByLabel(en.fromLabel)).toHaveValue("2026-10-10");

  // A valid range in the past: nothing was posted then.
  // Back to the start of the From field (Shift+Tab would walk its day and month parts first).
  await page.getByLabel(en.fromLabel).focus();
  await page.keyboard.type("09012026");
  await expect(page.getByLabel(en.fromLabel)).toHaveValue("2026-09-01");
  await tabTo(page, ".dash-range button[type=submit]");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Sep 1, 2026 to Oct 1, 2026")).toBeVisible();
  await expect(page.getByText(en.postsEmpty)).toBeVisible();
  await expect(page.getByRole("table", { name: en.membersTable }).getByRole("row")).toHaveCount(32);

  // Back to the last 30 days.
  await tabTo(page, ".dash-range button[type=button]");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("table", { name: en.postsTitle })).toContainText(postTitle);
  await expectNoSeriousAxeViolations(page, "/recruiting (en, 1280 px)");
  await keepScreenshot(page, { path: "e2e/screenshots/recruiting-en-desktop.png", fullPage: true });
});

test("admins see the site totals and any club; members are sent home", async ({ page, browser }) => {
  const { club } = await seedClub();
  const admin = await seed.user({ role: "admin" });
  await signIn(page, admin.token);
  await page.goto("/recruiting");
  const picker = page.getByLabel(en.clubLabel);
  await expect(picker).toHaveValue("site");
  await expect(page.locator("#main dt", { hasText: en.clubsCount })).toBeVisible();
  await expect(page.getByRole("table", { name: en.membersTable })).toBeAttached();

  const someone = await seed.user();
  const memberPage = await pageFor(browser, someone);
  await memberPage.goto("/recruiting");
  await expect(memberPage).toHaveURL(/\/$/);
  await memberPage.context().close();
  void club;
});
