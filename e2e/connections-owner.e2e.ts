import { club, join, member } from "./support/community-seed";
import { expect, seed, signIn, test } from "./support/fixtures";
import { shootScreen } from "./support/screen-shots";

/**
 * An owner's Connections stays compact (issue 18): members grouped by club in collapsible
 * groups with counts, one short row per member, and Remove behind a "more actions" menu and a
 * confirmation dialog (Cancel keeps the member).
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 360, height: 780 } });

test("members are grouped by club and collapsible; Remove sits behind a menu and a confirmation", async ({
  page,
  browser,
}) => {
  const owner = await member("owner");
  const chess = await club(owner, `Chess ${Date.now()}`);
  const choir = await club(owner, `Choir ${Date.now()}`);
  const [ana, ben, cruz] = [await member(), await member(), await member()];
  await join(ana, owner, chess.id);
  await join(ben, owner, chess.id);
  await join(cruz, owner, choir.id);

  await signIn(page, owner.token);
  await page.goto("/connections");
  const groups = page.getByTestId("member-group");
  await expect(groups).toHaveCount(2);
  const chessGroup = groups.filter({ hasText: chess.name });
  const choirGroup = groups.filter({ hasText: choir.name });
  await expect(chessGroup.locator("summary")).toContainText("2 members");
  await expect(choirGroup.locator("summary")).toContainText("1 member");
  // Closed at first: the page is a short list of clubs.
  await expect(chessGroup.getByTestId("connection-member").first()).toBeHidden();
  // The owner's note is said once, not on every club.
  await expect(page.getByText("Club owners talk to members in direct messages.")).toHaveCount(1);

  await chessGroup.locator("summary").click();
  const rows = chessGroup.getByTestId("connection-member");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toBeVisible();
  // People by name and picture; Message is there, Remove is not in the row.
  const anaRow = rows.filter({ hasText: ana.name });
  await expect(anaRow.getByRole("link", { name: ana.name, exact: true })).toBeVisible();
  await expect(anaRow.getByRole("link", { name: `Chat with ${ana.name}` })).toBeVisible();
  await expect(
    rows.filter({ hasText: ben.name }).getByRole("link", { name: ben.name, exact: true }),
  ).toBeVisible();
  await expect(chessGroup.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await chessGroup.locator("summary").click();
  await expect(rows.first()).toBeHidden();
  await chessGroup.locator("summary").click();

  // The menu by keyboard: Enter opens it on its item, Esc closes it and focus returns.
  const more = anaRow.getByRole("button", { name: `More actions for ${ana.name} in ${chess.name}` });
  await more.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Remove" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();

  // Remove, then Cancel: nothing happens.
  await more.click();
  await page.getByRole("menuitem", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove member" });
  await expect(dialog).toContainText(`Remove ${ana.name} from ${chess.name}?`);
  await dialog.getByRole("button", { name: "Cancel" }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(2);

  // Remove, confirmed: the member leaves the club.
  await more.click();
  await page.getByRole("menuitem", { name: "Remove" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText(`${ana.name} was removed from ${chess.name}.`)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(chessGroup.locator("summary")).toContainText("1 member");
  const after = await seed.call(`/api/clubs/${chess.id}`);
  expect(after.body.member_count).toBe(1);

  await shootScreen(browser, { name: "connections-owner", path: "/connections", user: owner });
  await shootScreen(browser, {
    name: "connections-owner-menu",
    path: "/connections",
    user: owner,
    prepare: async (shot) => {
      await shot.getByTestId("member-group").first().locator("summary").click();
      await shot.locator(".action-menu__button").first().click();
    },
  });
});
