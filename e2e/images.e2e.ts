import { expect, seed, test, uniqueName } from "./support/fixtures";
import { makePng } from "./support/png";

/**
 * Images at display size: every uploaded image offers its WebP widths through srcset/sizes, the
 * browser picks the one its screen needs (400 px on a 360 px phone, 800 px when the screen is
 * twice as dense), and cards below the first ones load lazily.
 */
let clubId: number;
let name: string;

test.beforeAll(async () => {
  const owner = await seed.user({ role: "owner" });
  name = `Fotografía ${uniqueName("")}`;
  const cover = new Blob([new Uint8Array(makePng(1200, 500, [0, 103, 198], [250, 200, 40]))], {
    type: "image/png",
  });
  const club = await seed.club(owner.token, {
    name,
    description: "Fotos del lago de Managua.",
    image: cover,
  });
  clubId = club.id;
});

for (const [scale, width] of [
  [1, 400],
  [2, 800],
] as const) {
  test.describe(`at ${scale}× on a 360 px phone`, () => {
    test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: scale });

    test(`the club cover is the ${width} px WebP chosen from srcset`, async ({ page }) => {
      await page.goto(`/clubs?q=${encodeURIComponent(name)}`);
      const cover = page.getByTestId("club-card").first().locator("img.club-cover");
      await expect(cover).toHaveAttribute("srcset", /\/400\.webp 400w, .*\/800\.webp 800w/);
      await expect(cover).toHaveAttribute("sizes", /100vw/);
      await expect(cover).toHaveAttribute("width", /\d+/);
      await expect(cover).toHaveAttribute("height", /\d+/);
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .not.toBe(0);
      const chosen = await cover.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(chosen).toMatch(new RegExp(`/uploads/[a-f0-9]{64}/${width}\\.webp$`));
      const response = await page.request.get(chosen);
      expect(response.headers()["content-type"]).toBe("image/webp");
    });
  });
}

test("the club page cover is eager, with srcset and explicit size", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/clubs/${clubId}`);
  const cover = page.locator("img.club-cover").first();
  await expect(cover).toHaveAttribute("loading", "eager");
  await expect(cover).toHaveAttribute("srcset", /400w/);
  await expect(cover).toHaveAttribute("width", "1120");
});

test("every image on /clubs has srcset or is not an upload, and explicit width and height", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/clubs");
  const images = await page.locator("img").evaluateAll((list) =>
    list.map((img) => ({
      src: img.getAttribute("src") ?? "",
      srcset: img.getAttribute("srcset"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      loading: img.getAttribute("loading"),
    })),
  );
  for (const image of images) {
    if (image.src.startsWith("/uploads/")) expect(image.srcset).toBeTruthy();
    expect(image.width).toBeTruthy();
    expect(image.height).toBeTruthy();
  }
  // The first cards are above the fold; the rest wait until scrolled to.
  expect(images.slice(3).every((image) => image.loading === "lazy")).toBe(true);
});
