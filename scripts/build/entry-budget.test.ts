import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { needsFullApp } from "../../client/lib/full-app";
import { ASSET_PREFIX, clientBuildOptions } from "../build-client";
import { ENTRY_BUDGET_BYTES, entryBytes, staticImports } from "./entry-budget";
import type { BuiltFont } from "./fonts";
import { routeChunks } from "./route-chunks";

/**
 * The browser bundle built as production (Bun's minifier; the real build's terser pass only
 * shrinks it further), so the JavaScript every page downloads first cannot regrow unnoticed.
 */
let outDir = "";
let entryUrl = "";
let inputs: string[] = [];
/** Public page → the source files of the chunks it loads beside the entry. */
const pageInputs: Record<string, string[]> = {};
const PUBLIC_PAGES = ["/", "/clubs", "/clubs/$clubId", "/events"];
const clientDir = resolve(import.meta.dir, "../../client");

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), "entry-budget-"));
  const fonts: BuiltFont[] = [];
  const result = await Bun.build({
    ...clientBuildOptions({ production: true, outDir, fonts }),
    outdir: outDir,
  });
  expect(result.success).toBe(true);
  const entry = result.outputs.find((o) => o.kind === "entry-point" && /entry-client-.*\.js$/.test(o.path));
  entryUrl = ASSET_PREFIX + relative(outDir, entry?.path ?? "");
  const code = await Bun.file(entry?.path ?? "").text();
  const names = [entryUrl, ...staticImports(code)].map((url) => url.slice(ASSET_PREFIX.length));
  const outputs = result.metafile?.outputs ?? {};
  const sources = (name: string) => Object.keys((outputs[name] ?? outputs[`./${name}`])?.inputs ?? {});
  inputs = names.flatMap(sources);
  const routes = await routeChunks({
    metafile: result.metafile as Parameters<typeof routeChunks>[0]["metafile"],
    routesDir: join(clientDir, "routes"),
    url: (output) => ASSET_PREFIX + output,
    alreadyLoaded: new Set(),
    fullApp: { module: join(clientDir, "lib/query-client"), needed: needsFullApp },
  });
  for (const page of PUBLIC_PAGES) {
    pageInputs[page] = (routes[page] ?? []).flatMap((url) => sources(url.slice(ASSET_PREFIX.length)));
  }
}, 120_000);

afterAll(() => rm(outDir, { recursive: true, force: true }));

test("the entry chunk and its static imports stay under the budget, brotli-compressed", async () => {
  const bytes = await entryBytes(outDir, entryUrl);
  console.log(`entry + static imports: ${bytes} bytes brotli (budget ${ENTRY_BUDGET_BYTES})`);
  expect(bytes).toBeLessThanOrEqual(ENTRY_BUDGET_BYTES);
});

test("the code every page downloads first bundles no zod (the public routes check their URL without it)", () => {
  expect(inputs.length).toBeGreaterThan(0);
  expect(inputs.filter((input) => input.includes("node_modules/zod/"))).toEqual([]);
});

test("no public page's own chunks bundle zod (the API's schemas stay on the server and in signed-in screens)", () => {
  for (const page of PUBLIC_PAGES) {
    expect({ page, loaded: (pageInputs[page]?.length ?? 0) > 0 }).toEqual({ page, loaded: true });
    expect({ page, zod: pageInputs[page]?.filter((input) => input.includes("node_modules/zod/")) }).toEqual({
      page,
      zod: [],
    });
  }
});
