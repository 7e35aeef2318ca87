import type { Page } from "@playwright/test";
import { messages } from "../common/messages";
import { feedCard, seedThree } from "./support/feed-seed";
import { expect, pageFor, screenshots, seed, sql, test } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Feed cards (issue 38, part 6): each card as tall as its content (no tall blank boxes beside a
 * picture card at 1280 px), the club as a header line, the post's picture or else the club's
 * cover, and Like / Comment as buttons of their own. Keyboard only, 360 px Spanish and 1280 px
 * English, no serious axe violation, no sideways scroll.
 */
test.describe.configure({ timeout: 180_000 });

/** Blank space under each card's last part, in px (0 when the card fits its content). */
async function blankUnderCards(page: Page, tag: string) {
  return await page.evaluate((t) => {
    const cards = [...document.querySelectorAll<HTMLElement>("[data-testid=feed-card]")].filter((c) =>
      c.textContent?.includes(t),
    );
    return cards.map((card) => {
      const last = card.lastElementChild as HTMLElement;
      const open = card.querySelector<HTMLElement>(".feed-card__body") as HTMLElement;
      const contentBottom = Math.max(
        last.getBoundingClientRect().bottom,
        (open.lastElementChild as HTMLElement).getBoundingClientRect().bottom,
      );
      return Math.round(card.getBoundingClientRect().bottom - contentBottom);
    });
  }, tag);
}

// The catalogue's ICU formatter does not load in Playwright's Node (IntlMessageFormat is not a
// constructor there), so the names are matched as the count followed by the plural noun.
const likesName = (count: number) => new RegExp(`^${count} (likes?|me gusta)$`);
const commentsName = (count: number) => new RegExp(`^${count} (comments?|comentarios?)$`);

for (const run of [
  { name: "Spanish at 360 px", locale: "es-NI", width: 360, m: messages("es"), shot: "feed-cards-es" },
  { name: "English at 1280 px", locale: "en-US", width: 1280, m: messages("en"), shot: "feed-cards-en" },
] as const) {
  test(`${run.name}: cards fit their content; Like toggles and Comment opens the post`, async ({
    browser,
  }) => {
    const { tag, club, a } = await seedThree();
    // The club gets a cover: a post without a picture shows it.
    await sql()`update clubs set image_id = (select image_id from posts where id = ${a.id}) where id = ${club.id}`;
    const reader = await seed.user();
    const page = await pageFor(browser, reader, run.locale);
    await page.setViewportSize({ width: run.width, height: run.width === 360 ? 740 : 800 });
    await page.goto("/home?sort=newest");
    const cards = page.getByTestId("feed-card").filter({ hasText: tag });
    // Specs running beside this one post too: the three may be past the first page.
    for (const letter of ["Charlie", "Bravo", "Alpha"]) await feedCard(page, `${letter} ${tag}`);
    await expect(cards).toHaveCount(3);

    // Each card: the club as its first line, a picture (its own or the club's cover).
    for (const letter of ["Alpha", "Bravo", "Charlie"]) {
      const card = cards.filter({ hasText: `${letter} ${tag}` });
      await expect(card.locator(".feed-card__club")).toContainText(club.name);
      await expect(card.locator("img.feed-card__image")).toBeVisible();
    }
    await page.waitForLoadState("networkidle");
    const blanks = await blankUnderCards(page, tag);
    expect(blanks).toHaveLength(3);
    // The actions row's own padding is the only space under the last line.
    for (const blank of blanks) expect(blank).toBeLessThanOrEqual(20);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    // Like from the card with the keyboard: Bravo has 3 likes.
    const bravo = cards.filter({ hasText: `Bravo ${tag}` });
    const like = bravo.getByTestId("card-like");
    await expect(like).toHaveAccessibleName(likesName(3));
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.focus();
    // The button turns at once; the reload below waits for the server's answer, or the server
    // could draw the page (signed in, from the page cookie) before the like is stored.
    const stored = page.waitForResponse((r) => r.url().endsWith("/like") && r.request().method() === "POST");
    await page.keyboard.press("Enter");
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(like).toHaveAccessibleName(likesName(4));
    expect((await stored).ok()).toBe(true);
    await page.reload();
    await feedCard(page, `Bravo ${tag}`);
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await like.focus();
    await page.keyboard.press("Space");
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await expect(like).toHaveAccessibleName(likesName(3));

    // Comment opens the post's dialog at its comment box, ready to type; Escape closes it and
    // the focus comes back to Comment.
    const alpha = await feedCard(page, `Alpha ${tag}`);
    const commentButton = alpha.getByTestId("card-comment");
    await expect(commentButton).toHaveAccessibleName(commentsName(5));
    await commentButton.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Alpha ${tag}`);
    await expect(dialog.getByRole("textbox", { name: run.m.postView.commentLabel })).toBeFocused();
    await page.keyboard.type("Qué bien");
    await expect(dialog.getByRole("textbox", { name: run.m.postView.commentLabel })).toHaveValue("Qué bien");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(commentButton).toBeFocused();
    // Opening the card itself still starts on Close, as every dialog does.
    await alpha
      .getByRole("button", { name: new RegExp(`Alpha ${tag}`) })
      .first()
      .click();
    await expect(dialog.getByRole("textbox", { name: run.m.postView.commentLabel })).not.toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    // Specs beside this one post too: their posts wait behind the floating "new posts" button,
    // which lies over whichever card is under it (axe counts that card's Like and Comment as
    // covered). The reader takes them, as a person would, before the check; meanwhile the feed's
    // refresh is answered "unchanged", and a refresh already on its way when the check began
    // (a CI run saw one) is taken too and the check run again.
    await page.route("**/api/posts/feed?**", (route) => route.fulfill({ status: 304 }));
    const fresh = page.locator(".feed-fresh button");
    await expect(async () => {
      if (await fresh.isVisible()) {
        await fresh.click();
        await expect(fresh).toBeHidden();
      }
      // From the top: scrolled down to Alpha, a card above it lay half under the sticky header,
      // and axe measured its title's uncovered part as a target under 24 px (a CI run under
      // load saw target-size on another spec's card). A person scrolls; the check does too.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoSeriousAxeViolations(page, `${run.name} feed cards`, "[data-testid=feed]");
    }).toPass({ timeout: 30_000 });
    await page.unroute("**/api/posts/feed?**");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshots(page, run.shot);
    await page.context().close();
  });
}
