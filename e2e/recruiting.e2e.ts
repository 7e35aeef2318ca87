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

/** Words drawn over two lines ("respuest-as"): each visible word's box must be one line. */
function splitWords(root: string) {
  const split: string[] = [];
  const scope = document.querySelector(root);
  if (!scope) return [`no ${root}`];
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // Text only screen readers get (a 1 px box) is not drawn, so it cannot be split.
    const hidden = node.parentElement?.closest(".visually-hidden, thead");
    if (hidden && hidden.getBoundingClientRect().width <= 1) continue;
    for (const match of (node.textContent ?? "").matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      if (lines.size > 1) split.push(match[0]);
    }
  }
  return split;
}

/** The views total above the posts table, and the sum of the table's views column. */
async function viewsAgree(page: Page, words: typeof en) {
  const total = page.locator(".dash-summary__item", { hasText: words.viewsTotal }).locator("dd");
  await expect(total).toHaveText("12");
  const column = await page
    .getByRole("table", { name: words.postsTitle })
    .locator(`td[data-label="${words.colViews}"]`)
    .allInnerTexts();
  expect(column.reduce((sum, text) => sum + Number(text.replace(/\D/g, "")), 0)).toBe(12);
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
  const [post] = await db`insert into posts (club_id, title, created_at, like_count, comment_count, views)
    values (${club.id}, ${postTitle}, ${ago(2)}, 7, 3, 12) returning id`;
  // The app counts a view twice: the post's counter and its day's row, which the dashboard sums.
  await db`insert into post_view_days (post_id, club_id, day, views)
    values (${post!.id}, ${club.id}, (${ago(2)}::timestamptz at time zone interval '-06:00')::date, 12)`;
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

    // Issue 50: the views total and the posts table come from one query and agree.
    await viewsAgree(page, es);
    // Under 480 px each table row is a stacked card: no cell off screen, no header row shown,
    // and no word split over two lines anywhere on the dashboard.
    await expect(posts.locator("thead")).not.toBeInViewport();
    const offScreen = await page.evaluate(
      () =>
        [...document.querySelectorAll(".dash-table td, .dash-table tbody th")].filter(
          (cell) => cell.getBoundingClientRect().right > window.innerWidth + 0.5,
        ).length,
    );
    expect(offScreen, "table cells beyond the 360 px screen").toBe(0);
    expect(await page.evaluate(splitWords, "#main"), "words split over two lines").toEqual([]);

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
  await viewsAgree(page, en);
  expect(await page.evaluate(splitWords, "#main"), "words split over two lines").toEqual([]);

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
