import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The feed card holding `text`, pressing the feed's "Show more" until it is loaded. Every spec
 * shares one database, so on a busy run the card a spec made can sit past the first page.
 */
export async function feedCardFor(page: Page, text: string): Promise<Locator> {
  const cards = page.getByTestId("feed-card");
  const card = cards.filter({ hasText: text }).first();
  await expect(cards.first()).toBeVisible();
  for (let page_ = 0; page_ < 20 && (await card.count()) === 0; page_ += 1) {
    const more = page.getByRole("button", { name: /^(Show more|Ver más)$/ });
    if ((await more.count()) === 0) break;
    const before = await cards.count();
    await more.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
  }
  return card;
}
