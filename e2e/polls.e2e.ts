import type { Browser, Page } from "@playwright/test";
import { club, join, member } from "./support/community-seed";
import { expect, hydrated, pageFor, type SeedUser, shot, test, uniqueName } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Issue 49, polls: the owner creates a poll in the club's Posts tab, a member votes on the card
 * in their feed, changes the vote and sees the bars with counts and percentages written out.
 * Keyboard only: controls are focused and pressed, never clicked. A 360 px phone in Spanish,
 * then 1280 px in English.
 */
test.describe.configure({ timeout: 120_000 });

type Words = {
  newPoll: string;
  question: string;
  option: (n: number) => string;
  publish: string;
  region: (q: string) => string;
  vote: string;
  change: string;
  whoVoted: string;
  result: (option: string, votes: number, percent: number) => string;
};

const ES: Words = {
  newPoll: "Nueva encuesta",
  question: "Pregunta",
  option: (n) => `Opción ${n}`,
  publish: "Publicar encuesta",
  region: (q) => `Encuesta: ${q}`,
  vote: "Votar",
  change: "Cambiar voto",
  whoVoted: "Quién votó",
  result: (o, v, p) => `${o}: ${v} ${v === 1 ? "voto" : "votos"}, ${p} %`,
};

const EN: Words = {
  newPoll: "New poll",
  question: "Question",
  option: (n) => `Option ${n}`,
  publish: "Publish poll",
  region: (q) => `Poll: ${q}`,
  vote: "Vote",
  change: "Change vote",
  whoVoted: "Who voted",
  result: (o, v, p) => `${o}: ${v} ${v === 1 ? "vote" : "votes"}, ${p}%`,
};

async function open(browser: Browser, user: SeedUser, locale: string, width: number): Promise<Page> {
  const page = await pageFor(browser, user, locale);
  await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
  return page;
}

async function press(page: Page, locator: ReturnType<Page["locator"]>, key = "Enter") {
  await locator.focus();
  await page.keyboard.press(key);
}

async function walk(browser: Browser, locale: string, width: number, w: Words) {
  const owner = await member("owner");
  const voter = await member();
  const theClub = await club(owner);
  await join(voter, owner, theClub.id);
  const question = uniqueName(locale.startsWith("es") ? "¿Sábado o domingo? " : "Saturday or Sunday? ");
  const [first, second] = locale.startsWith("es") ? ["Sábado", "Domingo"] : ["Saturday", "Sunday"];

  // The owner writes the poll in the Posts tab, keyboard only.
  const ownerPage = await open(browser, owner, locale, width);
  await ownerPage.goto(`/clubs/${theClub.id}?tab=posts`);
  await hydrated(ownerPage);
  await press(ownerPage, ownerPage.getByRole("button", { name: w.newPoll }));
  const form = ownerPage.getByTestId("poll-composer");
  await form.getByRole("textbox", { name: w.question }).focus();
  await ownerPage.keyboard.type(question);
  await ownerPage.keyboard.press("Tab");
  await expect(form.getByRole("textbox", { name: w.option(1) })).toBeFocused();
  await ownerPage.keyboard.type(first);
  await ownerPage.keyboard.press("Tab");
  await expect(form.getByRole("textbox", { name: w.option(2) })).toBeFocused();
  await ownerPage.keyboard.type(second);
  await expectNoSeriousAxeViolations(ownerPage, "poll composer", "[data-testid=poll-composer]");
  await press(ownerPage, form.getByRole("button", { name: w.publish }));
  const ownersPoll = ownerPage.getByRole("region", { name: w.region(question) });
  await expect(ownersPoll).toBeVisible();
  await expect(ownersPoll.getByText(w.result(first, 0, 0))).toBeVisible();

  // The member finds it in the club's posts and votes, keyboard only. (Not /home: in a full run
  // other specs' popular posts fill the first page of everyone's "Relevant" feed.)
  const voterPage = await open(browser, voter, locale, width);
  await voterPage.goto(`/clubs/${theClub.id}?tab=posts`);
  await hydrated(voterPage);
  const poll = voterPage.getByRole("region", { name: w.region(question) });
  await expect(poll).toBeVisible();
  await press(voterPage, poll.getByRole("radio", { name: first }), "Space");
  await expect(poll.getByRole("radio", { name: first })).toBeChecked();
  await press(voterPage, poll.getByRole("button", { name: w.vote }));
  await expect(poll.getByText(w.result(first, 1, 100))).toBeVisible();
  await expect(poll.getByText(w.result(second, 0, 0))).toBeVisible();

  // Changes the vote: the arrow key moves the choice within the group.
  await poll.getByRole("radio", { name: first }).focus();
  await voterPage.keyboard.press("ArrowDown");
  await expect(poll.getByRole("radio", { name: second })).toBeChecked();
  await press(voterPage, poll.getByRole("button", { name: w.change }));
  await expect(poll.getByText(w.result(second, 1, 100))).toBeVisible();
  await expect(poll.getByText(w.result(first, 0, 0))).toBeVisible();
  await expectNoSeriousAxeViolations(voterPage, "poll card after voting", "[data-testid=poll]");
  // Not anonymous: a member can see who chose what.
  await press(voterPage, poll.getByRole("button", { name: w.whoVoted }));
  await expect(poll.getByTestId("poll-voters")).toContainText(`${second}: ${voter.name}`);
  // The whole poll sits inside its card, the card's top where it was (nothing clipped or scrolled inside it).
  const card = voterPage.getByTestId("club-post").filter({ has: poll });
  const inside = await card.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const voters = el.querySelector("[data-testid=poll-voters]")?.getBoundingClientRect();
    return { scrolled: el.scrollTop, spill: voters ? Math.round(voters.bottom - box.bottom) : null };
  });
  expect(inside.scrolled).toBe(0);
  expect(inside.spill).toBeLessThanOrEqual(0);
  await shot(voterPage, `poll-voted-${locale}`);

  // The owner's card catches up (its refresh, or a reload).
  await ownerPage.reload();
  await expect(
    ownerPage.getByRole("region", { name: w.region(question) }).getByText(w.result(second, 1, 100)),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(ownerPage, "club posts with the poll");
}

test("360 px in Spanish: the owner creates a poll, a member votes, changes the vote and sees the bars", async ({
  browser,
}) => {
  await walk(browser, "es-NI", 360, ES);
});

test("1280 px in English: the same, keyboard only", async ({ browser }) => {
  await walk(browser, "en-US", 1280, EN);
});
