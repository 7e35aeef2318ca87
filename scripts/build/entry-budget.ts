/**
 * The JavaScript every page downloads before it can hydrate: the entry chunk and the chunks it
 * imports statically (modulepreloaded with the page). Route pages and TanStack Query load lazily
 * on top of it. Issue 50: Lighthouse found ~64 kB of it unused on the public pages (all of zod,
 * for two routes' URL filters, and TanStack Query for one React context), so
 * scripts/build/entry-budget.test.ts checks a fresh build against a budget, and the production
 * build prints the figure.
 */
import { join } from "node:path";
import zlib from "node:zlib";

/**
 * Brotli bytes (as served: scripts/build/precompress.ts) of the entry and its static imports.
 * Measured (the test's build, Bun's minifier) at 137,624 bytes before issue 50's cuts and
 * 106,460 after; the margin leaves room for a few components' growth, not for another library.
 */
export const ENTRY_BUDGET_BYTES = 112 * 1024;

/** The entry's static imports (`import … from "/assets/x.js"` or a bare `import "/assets/x.js"`). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\/assets\/[^"']+\.js)["']/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

/** Brotli bytes of `entryUrl` and its static imports, read from `outDir` (which serves /assets/). */
export async function entryBytes(outDir: string, entryUrl: string): Promise<number> {
  const file = (url: string) => Bun.file(join(outDir, url.replace(/^\/assets\//, "")));
  const urls = [entryUrl, ...staticImports(await file(entryUrl).text())];
  let total = 0;
  for (const url of urls) {
    const data = new Uint8Array(await file(url).arrayBuffer());
    total += zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }).length;
  }
  return total;
}
