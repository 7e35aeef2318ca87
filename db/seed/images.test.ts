import { expect, test } from "bun:test";
import sharp from "sharp";
import { CATEGORY_COLORS, type Category } from "./club-seeds";
import { badgeSvg, coverSvg, postImageSvg, renderCover } from "./images";

const categories = Object.keys(CATEGORY_COLORS) as Category[];

test("demo covers, logos and post images carry no text (a crop would cut it; it cannot be translated)", () => {
  for (const category of categories) {
    for (const seed of [0, 1, 2]) {
      const options = { category, colors: CATEGORY_COLORS[category], seed };
      for (const svg of [coverSvg(options), badgeSvg(options), postImageSvg(options)]) {
        expect(svg).not.toMatch(/<text|<tspan|font-family/);
        // The kind's icon is drawn: lucide's line paths, white.
        expect(svg).toContain('stroke="#ffffff"');
      }
    }
  }
});

test("a cover is a 1200×500 JPEG, and two clubs of a kind do not share one", async () => {
  const colors = CATEGORY_COLORS.deportes;
  const cover = await renderCover({ category: "deportes", colors, seed: 1 });
  const meta = await sharp(cover).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 500]);
  expect(coverSvg({ category: "deportes", colors, seed: 1 })).not.toBe(
    coverSvg({ category: "deportes", colors, seed: 2 }),
  );
});
