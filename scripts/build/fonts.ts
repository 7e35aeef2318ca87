/**
 * The self-hosted web font (client/styles/fonts.css). Bun's CSS bundler inlines a small `url()`
 * asset as a data URL, which would put the font inside the render-blocking stylesheet; this
 * plugin instead copies each woff2 the stylesheet names into the build under a content-hashed
 * name (cached for a year like every asset), with the font's licence beside it, and records it
 * so the page can preload it. `checkFontBudget` fails the build past the first-visit budget.
 */
import { copyFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { BunPlugin } from "bun";

/** Bytes of web font a first visit may download (docs/design.md, "Typeface"). */
export const FONT_BUDGET_BYTES = 30 * 1024;

const ROOT = resolve(import.meta.dir, "../..");

export type BuiltFont = { url: string; bytes: number };

/** Where a `url()` in a stylesheet points: relative to the stylesheet, else a package path. */
function fontSource(path: string, importer: string): string {
  return path.startsWith(".") ? resolve(dirname(importer), path) : join(ROOT, "node_modules", path);
}

/** The package folder holding a font file (…/node_modules/@scope/name/files/x.woff2 → …/name). */
function packageDir(source: string): string {
  return dirname(dirname(source));
}

export function selfHostedFonts({
  outDir,
  assetPrefix,
  fonts,
}: {
  outDir: string;
  assetPrefix: string;
  /** Filled while building: every font file written, by URL. */
  fonts: BuiltFont[];
}): BunPlugin {
  return {
    name: "self-hosted-fonts",
    setup(build) {
      build.onResolve({ filter: /\.woff2$/ }, async (args) => {
        const source = fontSource(args.path, args.importer);
        const bytes = new Uint8Array(await Bun.file(source).arrayBuffer());
        const hash = new Bun.CryptoHasher("sha256").update(bytes).digest("hex").slice(0, 10);
        const name = `${basename(source, ".woff2")}-${hash}.woff2`;
        await copyFile(source, join(outDir, name));
        // The OFL asks that the licence travel with the font.
        const licence = join(packageDir(source), "LICENSE");
        if (await Bun.file(licence).exists()) {
          await copyFile(licence, join(outDir, `${basename(source, ".woff2")}-LICENSE.txt`));
        }
        const url = assetPrefix + name;
        if (!fonts.some((font) => font.url === url)) fonts.push({ url, bytes: bytes.length });
        return { path: url, external: true };
      });
    },
  };
}

/** Throws when the fonts a first visit loads add up to more than the budget. */
export function checkFontBudget(fonts: BuiltFont[], budget = FONT_BUDGET_BYTES): number {
  const total = fonts.reduce((sum, font) => sum + font.bytes, 0);
  if (total > budget) {
    const list = fonts.map((font) => `${font.url} ${font.bytes} B`).join(", ");
    throw new Error(`web fonts weigh ${total} bytes, over the ${budget}-byte budget: ${list}`);
  }
  return total;
}
