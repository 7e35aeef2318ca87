import type { Page } from "@playwright/test";
import { comment } from "./community-seed";
import { expect, type SeedUser, seed, uniqueName } from "./fixtures";
import { makePng } from "./png";

/** Seeding for the /home feed and post dialog specs: one club with three posts whose order differs under each sort. */

export async function react(users: SeedUser[], postId: number, kind: "like" | "favorite") {
  for (const u of users) await seed.call(`/api/posts/${postId}/${kind}`, { method: "POST", token: u.token });
}

// Accounts cost two argon2 hashes each: one owner and three fans per worker serve every test
// (each test still makes its own club and posts).
let cached: Promise<{ owner: SeedUser; fans: SeedUser[] }> | null = null;
function cast() {
  cached ??= (async () => ({
    owner: await seed.user({ role: "owner" }),
    fans: await Promise.all([seed.user(), seed.user(), seed.user()]),
  }))();
  return cached;
}

/** Three posts whose order differs under each sort (created A, B, C in that order):
 * Newest C, B, A; Most Liked B (3), C (2), A (1); Most Relevant A (avg 2), B (1), C (0.67). */
export async function seedThree() {
  const { owner, fans } = await cast();
  const club = await seed.club(owner.token, { name: uniqueName("Feed club "), description: "Posts." });
  const tag = uniqueName("");
  const a = await seed.post(owner.token, {
    club_id: String(club.id),
    title: `Alpha ${tag}`,
    short_description: "Most talked about",
    content: "Come and see.",
    image: new Blob([new Uint8Array(makePng(320, 180, [0, 103, 198], [255, 191, 71]))], {
      type: "image/png",
    }),
  });
  const b = await seed.post(owner.token, {
    club_id: String(club.id),
    title: `Bravo ${tag}`,
    content: "Liked a lot.",
  });
  const c = await seed.post(owner.token, {
    club_id: String(club.id),
    title: `Charlie ${tag}`,
    content: "Newest one.",
    instagram_url: "instagram.com/p/CxYz12345/",
  });
  await react(fans.slice(0, 1), a.id, "like");
  await react(fans, b.id, "like");
  await react(fans.slice(0, 2), c.id, "like");
  for (let i = 0; i < 5; i++) {
    const res = await comment(fans[i % 3]!, a.id, `Comment ${i + 1}`);
    if (res.status !== 201) throw new Error(`comment failed: ${res.status}`);
  }
  return { owner, club, fans, tag, a, b, c };
}

/**
 * The order of the three seeded cards on the feed. Meant for expect.poll: each look presses
 * "Show more" once while fewer than three are there, because specs running beside this one add
 * posts that "Newest" puts above ours.
 */
export async function order(page: Page, tag: string): Promise<string[]> {
  const cards = page.getByTestId("feed-card").filter({ hasText: tag });
  const more = page.locator(".feed-more").getByRole("button");
  if ((await cards.count()) < 3 && (await more.count()) > 0 && (await more.isEnabled())) await more.click();
  const titles = await cards.allInnerTexts();
  return titles.map((text) => (/(Alpha|Bravo|Charlie)/.exec(text)?.[1] ?? "?").charAt(0));
}

/**
 * The /home feed card with this title, pressing "Show more" until it is there: the feed lists
 * every club's posts, and specs running beside this one (events-page seeds twenty events) can
 * push a post made a moment ago off the first page.
 */
export async function feedCard(page: Page, title: string) {
  const card = page.getByTestId("feed-card").filter({ hasText: title });
  const more = page.locator(".feed-more").getByRole("button");
  await expect(async () => {
    if ((await card.count()) > 0) return;
    if ((await more.count()) > 0 && (await more.isEnabled())) await more.click();
    throw new Error(`no feed card "${title}" yet`);
  }).toPass({ timeout: 20_000 });
  return card;
}
