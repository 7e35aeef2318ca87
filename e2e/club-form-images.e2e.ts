import { member } from "./support/community-seed";
import { expect, pngBlob, seed, signIn, test } from "./support/fixtures";
import { makePng } from "./support/png";
import { shootScreen } from "./support/screen-shots";

/**
 * The club form's images (issue 18): styled pickers with previews instead of bare file inputs,
 * and the cover-position sliders only once there is a cover to position.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 360, height: 780 } });

const cover = makePng(480, 240, [0, 103, 198], [250, 180, 40]);
const logo = makePng(96, 96, [30, 123, 52], [200, 40, 30]);

test("/clubs/new shows the cover sliders only after a cover is chosen; both pickers preview", async ({
  page,
  browser,
}) => {
  const owner = await member("owner");
  await signIn(page, owner.token);
  await page.goto("/clubs/new");
  await expect(page.getByRole("heading", { name: "Create a club" })).toBeVisible();

  // Nothing chosen: inviting tiles, no previews, nothing to position.
  const coverInput = page.getByLabel("Cover image");
  await expect(coverInput).toHaveAttribute("type", "file");
  await expect(page.getByText("Choose a cover image")).toBeVisible();
  await expect(page.getByText("Choose a logo")).toBeVisible();
  await expect(page.getByTestId("cover-preview")).toHaveCount(0);
  await expect(page.getByTestId("profile-preview")).toHaveCount(0);
  await expect(page.getByLabel("Cover horizontal position")).toHaveCount(0);
  await expect(page.getByLabel("Cover vertical position")).toHaveCount(0);
  // The tile is the target: the invisible input covers it, so a tap anywhere on it chooses.
  const tile = page.locator(".image-picker--cover");
  const [tileBox, inputBox] = [await tile.boundingBox(), await coverInput.boundingBox()];
  expect(inputBox).toEqual(
    expect.objectContaining({ width: tileBox!.width - 4, height: tileBox!.height - 4 }),
  );
  await coverInput.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: cover });

  // A cover: its preview, and the sliders to position it.
  await expect(page.getByTestId("cover-preview")).toBeVisible();
  await expect(page.getByText("Change cover image")).toBeVisible();
  const x = page.getByLabel("Cover horizontal position");
  await expect(x).toHaveValue("50");
  await expect(page.getByLabel("Cover vertical position")).toHaveValue("50");
  await x.fill("15");
  await expect(page.getByTestId("cover-preview")).toHaveCSS("object-position", "15% 50%");

  await page
    .getByLabel("Profile picture", { exact: true })
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await expect(page.getByTestId("profile-preview")).toBeVisible();
  await expect(page.getByText("Change logo")).toBeVisible();

  await shootScreen(browser, { name: "club-new-empty", path: "/clubs/new", user: owner });
  await shootScreen(browser, {
    name: "club-new-chosen",
    path: "/clubs/new",
    user: owner,
    prepare: async (shotPage) => {
      // By id: the labels are in the shot's language.
      await shotPage
        .locator("#club-image")
        .setInputFiles({ name: "c.png", mimeType: "image/png", buffer: cover });
      await shotPage
        .locator("#club-profile-picture")
        .setInputFiles({ name: "l.png", mimeType: "image/png", buffer: logo });
      await expect(shotPage.getByTestId("profile-preview")).toBeVisible();
    },
  });
});

test("editing: a stored cover shows its sliders at once; a club without one shows none", async ({ page }) => {
  const owner = await member("owner");
  const withCover = await seed.club(owner.token, {
    name: "Con portada",
    description: "Has a cover.",
    image: pngBlob(),
    cover_position_y: 30,
  });
  const without = await seed.club(owner.token, { name: "Sin portada", description: "No cover." });
  await signIn(page, owner.token);
  await page.goto(`/clubs/edit/${withCover.id}`);
  await expect(page.getByLabel("Cover vertical position")).toHaveValue("30");
  await expect(page.getByTestId("cover-preview")).toHaveCSS("object-position", "50% 30%");
  await page.goto(`/clubs/edit/${without.id}`);
  await expect(page.getByLabel("Short description")).toHaveValue("No cover.");
  await expect(page.getByLabel("Cover vertical position")).toHaveCount(0);
});
