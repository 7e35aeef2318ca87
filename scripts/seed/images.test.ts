import { expect, test } from "bun:test";
import { Bike, ChessKnight, Sailboat } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { CATEGORY_COLORS, type Category, CLUB_SEEDS } from "./club-seeds";
import { activityIcon, badgeSvg, coverSvg, iconFor, postImageSvg, renderCover } from "./images";

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

test("a seeded club's cover and logo show its own activity: the kayak club a sailboat, not a bicycle", () => {
  const colors: [string, string] = ["#2A9D8F", "#8AC926"];
  const icon = (name: string) => renderToStaticMarkup(createElement(iconFor("deportes", 1, name)));
  expect(iconFor("deportes", 1, "Kayak en las Isletas")).toBe(Sailboat);
  expect(iconFor("deportes", 1, "Ciclismo Mombacho")).toBe(Bike);
  expect(iconFor("social", 0, "Ajedrez Managua")).toBe(ChessKnight);
  const kayak = coverSvg({ category: "deportes", colors, seed: 1, name: "Kayak en las Isletas" });
  const sailboatPath = /<path d="[^"]+"/.exec(icon("Kayak en las Isletas"))?.[0] ?? "missing";
  const bikePath = /<circle[^>]+>/.exec(icon("Ciclismo Mombacho"))?.[0] ?? "missing";
  expect(kayak).toContain(sailboatPath);
  expect(kayak).not.toContain(bikePath);
  // Every demo club's name names an activity the list knows, so no cover falls back to a guess.
  expect(CLUB_SEEDS.filter((club) => !activityIcon(club.name)).map((club) => club.name)).toEqual([]);
});
