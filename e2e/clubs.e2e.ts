import type { Page } from "@playwright/test";
import { answerConfirm } from "./support/confirm";
import { expect, hydrated, pngBlob, screenshots, seed, signIn, test, uniqueName } from "./support/fixtures";

let admin: Awaited<ReturnType<typeof seed.user>>;
let owner: Awaited<ReturnType<typeof seed.user>>;
let tag: string;
let word: string;
let ownClub: { id: number; name: string };
let otherClub: { id: number; name: string };

test.beforeAll(async () => {
  admin = await seed.user({ role: "admin" });
  owner = await seed.user({ role: "owner" });
  tag = uniqueName("t");
  word = uniqueName("Zeta");
  ownClub = await seed.club(owner.token, {
    name: `${word} Debate`,
    description: "Arguments, kindly.",
    tags: tag,
    cover_position_x: 20,
    cover_position_y: 80,
    image: pngBlob(),
  });
  otherClub = await seed.club(admin.token, {
    name: `Astronomy ${uniqueName("")}`,
    description: "Stars over Granada.",
    tags: `${tag},space`,
  });
});

/** A tag's chip, under the Filters disclosure; less-used tags sit under "More tags", opened first when needed. */
function tagLink(page: Page, name: string) {
  const link = page.getByRole("link", { name, exact: true });
  return {
    click: async () => {
      if (!(await link.isVisible())) await page.getByText(/^Filters( \(\d+\))?$/).click();
      if (!(await link.isVisible())) await page.locator(".tag-filter__more > summary").click();
      await link.click();
    },
  };
}

test("search and tag filter are kept in the URL and filter the list", async ({ page }) => {
  await page.goto("/clubs");
  await page.getByLabel("Search clubs").fill(word);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expect(page.getByTestId("club-card")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: ownClub.name })).toBeVisible();

  await page.goto("/clubs");
  await tagLink(page, tag).click();
  await expect(page).toHaveURL(new RegExp(`tag=${tag}`));
  await expect(page.getByTestId("club-card")).toHaveCount(2);
  // The choice folds the filters away and shows as a chip; opened again, they mark it.
  await expect(page.getByRole("link", { name: `Remove filter ${tag}` })).toBeVisible();
  await page.getByText("Filters (1)", { exact: true }).click();
  await expect(page.getByRole("link", { name: tag, exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "All tags" })).not.toHaveAttribute("aria-current", "page");

  await page.getByLabel("Search clubs").fill("Astronomy");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`tag=${tag}`));
  await expect(page).toHaveURL(/q=Astronomy/);
  await expect(page.getByTestId("club-card")).toHaveCount(1);

  await page.getByLabel("Search clubs").fill(uniqueName("nothingmatches"));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No clubs found.")).toBeVisible();
  await screenshots(page, "clubs-empty");
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/clubs$/);
  // The list is paged (24 a page) and shared with other specs: this club may be on a later page.
  await expect(page.getByTestId("club-card").first()).toBeVisible();
  await expect(page.getByText("No clubs found.")).toHaveCount(0);
});

test("cards show the cover at its saved position", async ({ page }) => {
  await page.goto(`/clubs?tag=${tag}`);
  const card = page.getByTestId("club-card").filter({ hasText: ownClub.name });
  await expect(card).toHaveAttribute("href", `/clubs/${ownClub.id}`);
  await expect(card.getByText("0 members")).toBeVisible();
  const img = card.locator("img");
  await expect(img).toHaveAttribute("width", "400");
  await expect(img).toHaveAttribute("height", "200");
  await expect(img).toHaveCSS("object-position", "20% 80%");
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
});

test("+ Create Club shows for owners and admins only", async ({ page }) => {
  await page.goto("/clubs");
  await expect(page.getByRole("heading", { name: "Clubs", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "+ Create Club" })).toHaveCount(0);
  const member = await seed.user();
  await signIn(page, member.token);
  await page.goto("/clubs");
  await expect(page.getByTestId("greeting")).toBeVisible();
  await expect(page.getByRole("link", { name: "+ Create Club" })).toHaveCount(0);
  await page.evaluate((t) => localStorage.setItem("token", t), owner.token);
  await page.reload();
  await expect(page.getByRole("link", { name: "+ Create Club" })).toHaveAttribute("href", "/clubs/new");
  await page.evaluate((t) => localStorage.setItem("token", t), admin.token);
  await page.reload();
  await expect(page.getByRole("link", { name: "+ Create Club" })).toBeVisible();
});

test("Edit and Calendar for the club's owner and admins; Delete for admins only", async ({ page }) => {
  await page.goto(`/clubs/${ownClub.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ownClub.name);
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);

  await signIn(page, owner.token);
  await page.goto(`/clubs/${ownClub.id}`);
  await expect(page.getByRole("link", { name: "Edit" })).toHaveAttribute("href", `/clubs/edit/${ownClub.id}`);
  await expect(page.getByRole("link", { name: "Calendar", exact: true })).toHaveAttribute(
    "href",
    `/clubs/${ownClub.id}/calendar`,
  );
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await screenshots(page, "club-detail-owner");
  // Not this owner's club.
  await page.goto(`/clubs/${otherClub.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(otherClub.name);
  await expect(page.getByTestId("greeting")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);

  await page.evaluate((t) => localStorage.setItem("token", t), admin.token);
  await page.goto(`/clubs/${ownClub.id}`);
  await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Calendar", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete" })).toBeVisible();
});

test("an admin deletes a club", async ({ page }) => {
  const doomed = await seed.club(admin.token, { name: uniqueName("Doomed "), description: "Bye." });
  await signIn(page, admin.token);
  await page.goto(`/clubs/${doomed.id}`);
  await page.getByRole("button", { name: "Delete" }).click();
  await answerConfirm(page, true);
  await expect(page).toHaveURL(/\/clubs$/);
  await expect(page.getByRole("heading", { name: doomed.name })).toHaveCount(0);
  await page.goto(`/clubs/${doomed.id}`);
  await expect(page.getByText("Club not found")).toBeVisible();
});

test("connect: guests are asked to log in; members see Connection Sent, also after a reload", async ({
  page,
}) => {
  await page.goto(`/clubs/${otherClub.id}?tab=connect`);
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByRole("alert")).toContainText("Please log in to send a connection request");

  const member = await seed.user();
  await seed.profile(member.id);
  await signIn(page, member.token);
  await page.goto(`/clubs/${otherClub.id}`);
  await page.getByRole("tab", { name: "Connect" }).click();
  await expect(page).toHaveURL(/tab=connect/);
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByRole("button", { name: "Connection Sent" })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("button", { name: "Connection Sent" })).toBeDisabled();
  await screenshots(page, "club-connect");
});

test("tabs work with the keyboard and the Posts tab shows its empty state", async ({ page }) => {
  await page.goto(`/clubs/${otherClub.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(otherClub.name);
  // The arrow keys are the app's, not the browser's: before hydration they do nothing.
  await hydrated(page);
  await page.getByRole("tab", { name: "Overview" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Members" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Members" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByRole("tab", { name: "Posts" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No posts yet.")).toBeVisible();
  await expect(page.getByRole("tabpanel")).toBeVisible();
});

for (const [status, expected] of [
  [401, /\/login$/],
  [403, /\/profile\/create$/],
] as const) {
  test(`a ${status} from the club list goes to ${expected}`, async ({ page }) => {
    await page.goto("/");
    await page.route("**/api/clubs?*", (route) =>
      route.fulfill({ status, contentType: "application/json", body: '{"detail":"no"}' }),
    );
    await page.getByRole("link", { name: "Explore Clubs" }).click();
    await expect(page).toHaveURL(expected);
  });
}

test("other club list errors show Error: message", async ({ page }) => {
  await page.goto("/");
  await page.route("**/api/clubs?*", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"detail":"Database is asleep"}' }),
  );
  await page.getByRole("link", { name: "Explore Clubs" }).click();
  await expect(page.getByRole("alert")).toHaveText("Error: Database is asleep");
});
