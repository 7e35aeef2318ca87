/**
 * Each language's catalogue as two hashed browser files: the areas the first page needs (the
 * entry and the loader-only pages read them: `load-<locale>-<hash>.js`, a classic module the
 * server puts before the entry), and the rest (`load-<locale>-rest-<hash>.js`), imported by
 * common/messages/browser.ts before any other page renders. The strings are plain data, so the
 * files are written from the catalogue objects directly.
 */
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "@formatjs/icu-messageformat-parser";
import { LOCALES, type Locale, messages } from "../../common/messages";
import { isIcuTemplate } from "../../common/messages/format";

/** The catalogue areas (`m.<area>`) named in these source files. */
export async function areasReadBy(sources: string[]): Promise<Set<string>> {
  const areas = new Set(Object.keys(messages("en")));
  const found = new Set<string>();
  for (const source of sources) {
    const code = await Bun.file(source).text();
    for (const match of code.matchAll(/\bm\.([A-Za-z_$][\w$]*)/g)) {
      if (match[1] && areas.has(match[1])) found.add(match[1]);
    }
  }
  return found;
}

function pick(catalogue: Record<string, unknown>, keep: (area: string) => boolean) {
  return Object.fromEntries(Object.entries(catalogue).filter(([area]) => keep(area)));
}

async function writeHashed(outDir: string, prefix: string, code: string): Promise<string> {
  const hash = BigInt(`0x${createHash("sha256").update(code).digest("hex").slice(0, 12)}`)
    .toString(36)
    .slice(0, 8);
  const name = `${prefix}-${hash}.js`;
  await writeFile(join(outDir, name), code);
  return name;
}

/**
 * The ICU templates (plural, select) of these areas, parsed here, by template text: the browser
 * formats them with intl-messageformat from this form and never ships the parser.
 */
function compileIcu(node: unknown, into: Record<string, unknown> = {}): Record<string, unknown> {
  if (typeof node === "string") {
    if (isIcuTemplate(node)) into[node] = parse(node, { ignoreTag: true });
  } else if (node !== null && typeof node === "object") {
    for (const value of Object.values(node)) compileIcu(value, into);
  }
  return into;
}

/** Writes both files per language; returns their names (relative to outDir). */
export async function writeCatalogueFiles({
  outDir,
  assetPrefix,
  firstAreas,
}: {
  outDir: string;
  assetPrefix: string;
  firstAreas: Set<string>;
}): Promise<Record<Locale, { first: string; rest: string }>> {
  const files = {} as Record<Locale, { first: string; rest: string }>;
  for (const locale of LOCALES) {
    const catalogue = messages(locale) as unknown as Record<string, unknown>;
    const restAreas = pick(catalogue, (area) => !firstAreas.has(area));
    const rest = JSON.stringify(restAreas);
    const restCompiled = JSON.stringify(compileIcu(restAreas));
    const restName = await writeHashed(
      outDir,
      `load-${locale}-rest`,
      `Object.assign(globalThis.__CLUBNICA_I18N__.messages,${rest});\n` +
        `Object.assign(globalThis.__CLUBNICA_I18N__.compiled,${restCompiled});\n`,
    );
    const firstAreasOnly = pick(catalogue, (area) => firstAreas.has(area));
    const first = JSON.stringify({
      locale,
      messages: firstAreasOnly,
      compiled: compileIcu(firstAreasOnly),
      rest: assetPrefix + restName,
    });
    const firstName = await writeHashed(outDir, `load-${locale}`, `globalThis.__CLUBNICA_I18N__=${first};\n`);
    files[locale] = { first: firstName, rest: restName };
  }
  return files;
}
