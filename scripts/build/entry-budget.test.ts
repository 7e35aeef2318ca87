import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import zlib from "node:zlib";
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
/** Public page → the URLs of the chunks it loads beside the entry. */
let pageChunks: Record<string, string[]> = {};
/**
 * A guest's club page beside the entry, brotli (this build): 41.4 KB in 37 chunks before issue
 * 50's cut (TanStack Query, the composer, polls, post dialog, officer tools), 8.7 KB in 14 after.
 */
const CLUB_PAGE_BUDGET_BYTES = 14 * 1024;
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
    // What the entry already brings is not the page's own.
    alreadyLoaded: new Set(names.map((name) => ASSET_PREFIX + name)),
    fullApp: { module: join(clientDir, "lib/query-client"), needed: needsFullApp },
  });
  pageChunks = routes;
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

test("a guest's club page runs from its loader alone: no TanStack Query, no second catalogue file, under its budget", async () => {
  const page = "/clubs/$clubId";
  const inputs = pageInputs[page] ?? [];
  expect(inputs.length).toBeGreaterThan(0);
  expect(
    inputs.filter((input) => input.includes("node_modules/@tanstack/") && input.includes("query")),
  ).toEqual([]);
  // The member tools and what opens on a tap load later, with the query cache (client/lib/lazy-parts.tsx).
  expect(
    inputs.filter((input) => /post-composer|poll-box|post-modal|officer-tools|directiva/.test(input)),
  ).toEqual([]);
  expect(needsFullApp("/clubs/12")).toBe(false);
  let bytes = 0;
  for (const url of pageChunks[page] ?? []) {
    const data = new Uint8Array(await Bun.file(join(outDir, url.slice(ASSET_PREFIX.length))).arrayBuffer());
    bytes += zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }).length;
  }
  console.log(
    `club page's own chunks: ${pageChunks[page]?.length} files, ${bytes} bytes brotli (budget ${CLUB_PAGE_BUDGET_BYTES})`,
  );
  expect(bytes).toBeLessThanOrEqual(CLUB_PAGE_BUDGET_BYTES);
});

test("/events runs from its loader alone: no TanStack Query, no second catalogue file", () => {
  const inputs = pageInputs["/events"] ?? [];
  expect(inputs.length).toBeGreaterThan(0);
  expect(
    inputs.filter((input) => input.includes("node_modules/@tanstack/") && input.includes("query")),
  ).toEqual([]);
  expect(needsFullApp("/events")).toBe(false);
});
