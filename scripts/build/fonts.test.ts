import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BuiltFont, checkFontBudget, FONT_BUDGET_BYTES, selfHostedFonts } from "./fonts";

/**
 * The web font as the build ships it: the app's stylesheet built with the font plugin (the
 * stylesheet alone builds in well under a second, unlike the whole client).
 */
const stylesheet = resolve(import.meta.dir, "../../client/styles/app.css");
let outDir = "";
let css = "";
const fonts: BuiltFont[] = [];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), "fonts-"));
  const result = await Bun.build({
    entrypoints: [stylesheet],
    outdir: outDir,
    minify: true,
    plugins: [selfHostedFonts({ outDir, assetPrefix: "/assets/", fonts })],
  });
  expect(result.success).toBe(true);
  css = await Bun.file(result.outputs[0]?.path ?? "").text();
});

afterAll(() => rm(outDir, { recursive: true, force: true }));

/** The @font-face rules of the built stylesheet. */
const fontFaces = () => [...css.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => m[1] ?? "");

/** Code point ranges of a `unicode-range` (`U+0000-00FF`, `U+131`, `U+??`). */
function ranges(value: string): [number, number][] {
  return value.split(",").map((part) => {
    const hex = part.trim().replace(/^U\+/i, "");
    if (hex.includes("?")) {
      return [Number.parseInt(hex.replaceAll("?", "0"), 16), Number.parseInt(hex.replaceAll("?", "F"), 16)];
    }
    const [from, to = from] = hex.split("-");
    return [Number.parseInt(from ?? "", 16), Number.parseInt(to ?? "", 16)];
  });
}

describe("the self-hosted web font", () => {
  test("is its own hashed woff2 under /assets, never a data URL inside the render-blocking stylesheet", () => {
    expect(css).not.toContain("data:font");
    expect(fonts.map((font) => font.url)).toEqual([
      expect.stringMatching(/^\/assets\/figtree-latin-wght-normal-[0-9a-f]{10}\.woff2$/),
    ]);
    for (const font of fonts) expect(css).toContain(font.url);
  });

  test("swaps in: every @font-face says font-display: swap", () => {
    expect(fontFaces().length).toBeGreaterThan(0);
    for (const face of fontFaces()) expect(face).toContain("font-display:swap");
  });

  test("the woff2 files a first visit loads weigh at most 30 kB together", async () => {
    const files = (await readdir(outDir)).filter((name) => name.endsWith(".woff2"));
    let total = 0;
    for (const name of files) {
      const bytes = new Uint8Array(await Bun.file(join(outDir, name)).arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe("wOF2");
      total += bytes.length;
    }
    console.log(`web fonts: ${files.join(", ")}: ${total} bytes of ${FONT_BUDGET_BYTES}`);
    expect(files.length).toBe(1);
    expect(total).toBeLessThanOrEqual(FONT_BUDGET_BYTES);
    expect(checkFontBudget(fonts)).toBe(total);
  });

  test("a font over the budget fails the build", () => {
    expect(() => checkFontBudget([{ url: "/assets/big.woff2", bytes: FONT_BUDGET_BYTES + 1 }])).toThrow(
      /over the 30720-byte budget/,
    );
  });

  test("its subset covers Spanish (¿ ¡ ñ and accented vowels) and typographic punctuation", () => {
    const range = /unicode-range:([^;}]*)/.exec(fontFaces()[0] ?? "")?.[1] ?? "";
    const covered = ranges(range);
    for (const char of "¿¡ñÑáéíóúüÁÉÍÓÚÜ«»“”‘’–—…€ABCxyz0123456789") {
      const code = char.codePointAt(0) ?? 0;
      expect({ char, covered: covered.some(([from, to]) => code >= from && code <= to) }).toEqual({
        char,
        covered: true,
      });
    }
  });

  test("travels with its licence (SIL Open Font License) beside it", async () => {
    const licence = Bun.file(join(outDir, "figtree-latin-wght-normal-LICENSE.txt"));
    expect(await licence.text()).toContain("SIL Open Font License");
  });
});
