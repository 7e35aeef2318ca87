import type { Page } from "@playwright/test";
import { club, join, member } from "./support/community-seed";
import { expect, pngBlob, seed, signIn, test, uniqueName } from "./support/fixtures";
import { shootScreen } from "./support/screen-shots";

/**
 * The club page leads with its header (issue 18): cover, logo, name, member count, region and
 * the one primary action for whoever looks (Connect, Connection Sent, Member · Chat, Edit),
 * above the fold of a 360×780 phone, with the social links as named icons.
 */
test.use({ viewport: { width: 360, height: 780 } });
// The walk-through also writes 16 screenshots (two languages, two themes, two widths, two roles).
test.describe.configure({ timeout: 180_000 });

async function expectAboveTheFold(page: Page, name: string | RegExp, role: "button" | "link") {
  const action = page.getByTestId("club-primary-action").getByRole(role, { name, exact: true });
  await expect(action).toBeVisible();
  const box = await action.boundingBox();
  expect(box, "the primary action has a box").not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  // Above the fold, and above anything fixed to the bottom of the screen (a tab bar).
  const bottomBars = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => {
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        return style.position === "fixed" && rect.bottom >= window.innerHeight - 1 && rect.height < 120;
      })
      .map((el) => el.getBoundingClientRect().top),
  );
  const limit = Math.min(780, ...bottomBars);
  expect(box!.y + box!.height).toBeLessThanOrEqual(limit);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

test("guests, members and the owner each see their primary action without scrolling", async ({
  page,
  browser,
}) => {
  const owner = await member("owner");
  const theClub = await seed.club(owner.token, {
    name: uniqueName("Kayak en las Isletas "),
    description: "Paddling around Granada's islets every Saturday.",
    tags: "sports,outdoors,nature",
    region: "Granada",
    is_open: true,
    image: pngBlob(),
    cover_position_x: 30,
    cover_position_y: 70,
    social_links: JSON.stringify({
      instagram: "https://instagram.com/kayak",
      whatsapp: "https://wa.me/50588887777",
    }),
  });

  // A guest: Connect, asking to log in when pressed; the header shows who the club is.
  await page.goto(`/clubs/${theClub.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(theClub.name);
  const header = page.locator(".club-header");
  await expect(header).toContainText("0 members");
  await expect(header).toContainText("Granada");
  await expect(header.locator("img.club-cover")).toHaveCSS("object-position", "30% 70%");
  await expect(header.getByRole("link", { name: "Instagram (opens in a new tab)" })).toHaveAttribute(
    "href",
    "https://www.instagram.com/kayak",
  );
  await expect(header.getByRole("link", { name: "WhatsApp (opens in a new tab)" })).toBeVisible();
  await expectAboveTheFold(page, "Connect", "button");
  await page.getByTestId("club-primary-action").getByRole("button", { name: "Connect" }).click();
  await expect(page.getByRole("alert")).toContainText("Please log in to send a connection request");

  // Someone signed in: Connect, then Connection Sent, still above the fold.
  const asker = await member();
  await signIn(page, asker.token);
  await page.goto(`/clubs/${theClub.id}`);
  await expectAboveTheFold(page, "Connect", "button");
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expectAboveTheFold(page, "Connection Sent", "button");
  await expect(page.getByRole("button", { name: "Connection Sent" })).toBeDisabled();

  // A member: Member, and Chat straight into the club's chat.
  const joined = await member();
  await join(joined, owner, theClub.id);
  const memberContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, joined.token);
  await memberPage.goto(`/clubs/${theClub.id}`);
  await expect(memberPage.getByTestId("club-primary-action")).toContainText("Member");
  await expect(memberPage.getByRole("button", { name: "Connect", exact: true })).toHaveCount(0);
  await expectAboveTheFold(memberPage, "Chat", "link");
  await memberPage.getByTestId("club-primary-action").getByRole("link", { name: "Chat" }).click();
  await expect(memberPage).toHaveURL(new RegExp(`/chat/club/${theClub.id}$`));
  await memberContext.close();

  // Its owner: Edit.
  const ownerContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner.token);
  await ownerPage.goto(`/clubs/${theClub.id}`);
  await expectAboveTheFold(ownerPage, "Edit", "link");
  await expect(ownerPage.getByRole("button", { name: "Connect", exact: true })).toHaveCount(0);
  await ownerContext.close();

  await shootScreen(browser, { name: "club-page-guest", path: `/clubs/${theClub.id}` });
  await shootScreen(browser, { name: "club-page-member", path: `/clubs/${theClub.id}`, user: joined });
});

test("a club without cover, logo or links still leads with Connect", async ({ page }) => {
  const owner = await member("owner");
  const plain = await club(owner, uniqueName("Ajedrez "));
  await page.goto(`/clubs/${plain.id}`);
  await expectAboveTheFold(page, "Connect", "button");
  await expect(page.locator(".club-header .club-cover--empty")).toBeVisible();
});
