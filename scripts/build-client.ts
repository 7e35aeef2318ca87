/**
 * Builds the browser bundle into dist/client: the client entry (split per route through dynamic
 * imports), one CSS file, hashed names, and manifest.json telling the server which files to put
 * in the page. `bun run build` runs it with NODE_ENV=production (minified, React's production
 * build inlined). `--watch` rebuilds when client/ changes (used by `bun dev`).
 */
import { watch } from "node:fs";
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import type { BuildConfig, BunPlugin } from "bun";
import { LOADER_ONLY_PAGES, needsFullApp } from "../client/lib/full-app";
import type { Locale } from "../common/messages";
import { writeAppIcons } from "./build/app-icons";
import { areasReadBy, writeCatalogueFiles } from "./build/catalogue-files";
import { ENTRY_BUDGET_BYTES, entryBytes, staticImports } from "./build/entry-budget";
import { type BuiltFont, checkFontBudget, FONT_BUDGET_BYTES, selfHostedFonts } from "./build/fonts";
import { minifyChunks } from "./build/minify";
import { precompressDir } from "./build/precompress";
import { routeChunks } from "./build/route-chunks";
import { buildServiceWorker } from "./build/service-worker";

export const CLIENT_OUT_DIR = resolve(import.meta.dir, "../dist/client");
/** Files served at the site's root: favicons, app icons, the service worker. */
export const PUBLIC_OUT_DIR = resolve(import.meta.dir, "../dist/public");
export const ASSET_PREFIX = "/assets/";
const clientDir = resolve(import.meta.dir, "../client");
const messagesDir = resolve(import.meta.dir, "../common/messages");

export type ClientManifest = {
  entry: string;
  css: string[];
  preloads: string[];
  /** Route path (as in createRoute) → the chunks its lazy page needs, for modulepreload. */
  routes: Record<string, string[]>;
  /** Per language, the catalogue file the page loads first (scripts/build/catalogue-files.ts). */
  messages: Record<Locale, string>;
  /** Per language, the rest of the catalogue, which pages past the landing ones preload. */
  messagesRest: Record<Locale, string>;
  /** The web font files the first paint uses, preloaded by every page (scripts/build/fonts.ts). */
  fonts: string[];
  builtAt: string;
};

/**
 * The browser gets messages/browser.ts wherever code imports the catalogue index: it reads the
 * one catalogue the page loaded (its own cached files, scripts/build/catalogue-files.ts), so
 * neither language is bundled into the app and a page downloads only its own.
 */
const browserMessages: BunPlugin = {
  name: "browser-messages",
  setup(build) {
    build.onResolve({ filter: /(^|\/)messages(\/index(\.ts)?)?$/ }, (args) => {
      const target = resolve(dirname(args.importer), args.path).replace(/\/index(\.ts)?$/, "");
      return target === messagesDir ? { path: join(messagesDir, "browser.ts") } : undefined;
    });
  },
};

/**
 * The browser formats ICU messages from templates the build pre-parsed
 * (scripts/build/catalogue-files.ts), so intl-messageformat gets FormatJS's parser-less entry:
 * the parser is most of the library's weight.
 */
const icuWithoutParser: BunPlugin = {
  name: "icu-without-parser",
  setup(build) {
    build.onResolve({ filter: /^@formatjs\/icu-messageformat-parser$/ }, () => ({
      path: resolve(import.meta.dir, "../node_modules/@formatjs/icu-messageformat-parser/lib/no-parser.js"),
    }));
  },
};

/**
 * client/lib/query-context.ts re-exports TanStack Query's context from the package's index; in
 * the browser bundle it comes from the one file that defines it, so the entry chunk (which
 * provides the context) leaves the rest of the library to the pages that use it.
 */
const queryContextOnly: BunPlugin = {
  name: "query-context-only",
  setup(build) {
    build.onResolve({ filter: /^@tanstack\/react-query$/ }, (args) =>
      args.importer === join(clientDir, "lib/query-context.ts")
        ? {
            path: resolve(
              import.meta.dir,
              "../node_modules/@tanstack/react-query/build/modern/QueryClientProvider.js",
            ),
          }
        : undefined,
    );
  },
};

/**
 * How the browser bundle is built (also used by scripts/bench/bundle.ts to attribute bytes).
 * `fonts` collects the web font files written into `outDir` while building.
 */
export function clientBuildOptions({
  production,
  outDir,
  fonts,
}: {
  production: boolean;
  outDir: string;
  fonts: BuiltFont[];
}) {
  return {
    entrypoints: [join(clientDir, "entry-client.tsx"), join(clientDir, "styles/app.css")],
    plugins: [
      browserMessages,
      icuWithoutParser,
      queryContextOnly,
      selfHostedFonts({ outDir, assetPrefix: ASSET_PREFIX, fonts }),
    ],
    target: "browser",
    format: "esm",
    splitting: true,
    minify: production,
    sourcemap: production ? "none" : "linked",
    publicPath: ASSET_PREFIX,
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") },
    metafile: true,
  } satisfies Omit<BuildConfig, "outdir">;
}

/** The source files bundled into these built chunks (by URL), from Bun's metafile. */
function sourcesOf(
  metafile: { outputs: Record<string, { inputs: Record<string, unknown> }> } | undefined,
  urls: string[],
) {
  const sources = new Set<string>();
  for (const chunk of urls) {
    const name = chunk.slice(ASSET_PREFIX.length);
    const output = metafile?.outputs[name] ?? metafile?.outputs[`./${name}`];
    if (!output) throw new Error(`no ${name} in the build's metafile`);
    for (const input of Object.keys(output.inputs)) {
      if (!input.includes("node_modules/")) sources.add(resolve(input));
    }
  }
  return [...sources];
}

/**
 * Leaves out the entry's route files of other pages (client/routes/<page>/…: their loaders,
 * heads and not-found screens run only on their page, after the root route has loaded the
 * whole catalogue), so their strings stay in the catalogue's second file.
 */
async function runOnLandingPages(sources: string[]): Promise<string[]> {
  const routesDir = join(clientDir, "routes");
  const pageDir = (source: string) => relative(routesDir, source).split("/").slice(0, -1)[0];
  const landingDirs = new Set<string>();
  for (const source of sources) {
    const dir = pageDir(source);
    if (!dir || dir.startsWith("..")) continue;
    const paths = [...(await Bun.file(source).text()).matchAll(/\bpath:\s*"([^"]+)"/g)].map((p) => p[1]);
    if (paths.some((path) => path && LOADER_ONLY_PAGES.has(path))) landingDirs.add(dir);
  }
  return sources.filter((source) => {
    const dir = pageDir(source);
    return !dir || dir.startsWith("..") || landingDirs.has(dir);
  });
}

/** Chunks the entry imports statically (shared code): preloaded so they load in parallel. */
async function entryImports(entryPath: string): Promise<string[]> {
  return staticImports(await Bun.file(entryPath).text());
}

export async function buildClient({ production = process.env.NODE_ENV === "production" } = {}) {
  const started = performance.now();
  await rm(CLIENT_OUT_DIR, { recursive: true, force: true });
  await mkdir(CLIENT_OUT_DIR, { recursive: true });
  const fonts: BuiltFont[] = [];
  const result = await Bun.build({
    ...clientBuildOptions({ production, outDir: CLIENT_OUT_DIR, fonts }),
    outdir: CLIENT_OUT_DIR,
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("client build failed");
  }
  const fontBytes = checkFontBudget(fonts);
  const url = (path: string) => ASSET_PREFIX + relative(CLIENT_OUT_DIR, path);
  const entries = result.outputs.filter((o) => o.kind === "entry-point" && o.path.endsWith(".js"));
  const named = (prefix: string) => entries.find((o) => relative(CLIENT_OUT_DIR, o.path).startsWith(prefix));
  const entry = named("entry-client-");
  if (!entry) throw new Error("client build produced no entry");
  const preloads = await entryImports(entry.path);
  const routes = result.metafile
    ? await routeChunks({
        metafile: result.metafile,
        routesDir: join(clientDir, "routes"),
        url: (output) => ASSET_PREFIX + output,
        alreadyLoaded: new Set([url(entry.path), ...preloads]),
        fullApp: { module: join(clientDir, "lib/query-client"), needed: needsFullApp },
      })
    : {};
  const catalogues = await writeCatalogueFiles({
    outDir: CLIENT_OUT_DIR,
    assetPrefix: ASSET_PREFIX,
    firstAreas: await areasReadBy(
      await runOnLandingPages(
        sourcesOf(result.metafile, [
          url(entry.path),
          ...preloads,
          ...[...LOADER_ONLY_PAGES].flatMap((page) => routes[page] ?? []),
        ]),
      ),
    ),
  });
  const manifest: ClientManifest = {
    entry: url(entry.path),
    css: result.outputs.filter((o) => o.path.endsWith(".css")).map((o) => url(o.path)),
    preloads,
    routes,
    messages: { es: ASSET_PREFIX + catalogues.es.first, en: ASSET_PREFIX + catalogues.en.first },
    messagesRest: { es: ASSET_PREFIX + catalogues.es.rest, en: ASSET_PREFIX + catalogues.en.rest },
    fonts: fonts.map((font) => font.url),
    builtAt: new Date().toISOString(),
  };
  await writeFile(join(CLIENT_OUT_DIR, "manifest.json"), JSON.stringify(manifest, null, 2));
  await buildPublicFiles({ manifest, production });
  if (production) {
    const minified = await minifyChunks(CLIENT_OUT_DIR);
    console.log(`terser: ${minified.files} chunks, ${minified.saved} bytes fewer`);
    const first = await entryBytes(CLIENT_OUT_DIR, manifest.entry);
    console.log(
      `entry + static imports: ${first} bytes brotli (budget ${ENTRY_BUDGET_BYTES}, entry-budget.test.ts)`,
    );
    const assets = await precompressDir(CLIENT_OUT_DIR);
    await precompressDir(PUBLIC_OUT_DIR);
    console.log(`precompressed ${assets.files} files: ${assets.bytes} bytes, ${assets.br} with brotli`);
  }
  const ms = Math.round(performance.now() - started);
  console.log(`client built (${production ? "production" : "development"}) in ${ms} ms: ${manifest.entry}`);
  console.log(`web fonts: ${fonts.length} file(s), ${fontBytes} bytes (budget ${FONT_BUDGET_BYTES})`);
  return manifest;
}

/** Root files: icons drawn from the SVG favicon, and the service worker (robots.txt is rendered per request). */
async function buildPublicFiles({ manifest, production }: { manifest: ClientManifest; production: boolean }) {
  await rm(PUBLIC_OUT_DIR, { recursive: true, force: true });
  await mkdir(PUBLIC_OUT_DIR, { recursive: true });
  const publicSource = join(clientDir, "public");
  await writeAppIcons({ svgPath: join(publicSource, "favicon.svg"), outDir: PUBLIC_OUT_DIR });
  for (const name of ["favicon.svg"]) {
    await copyFile(join(publicSource, name), join(PUBLIC_OUT_DIR, name));
  }
  await buildServiceWorker({
    source: join(clientDir, "service-worker/worker.ts"),
    outDir: PUBLIC_OUT_DIR,
    precache: [
      manifest.entry,
      ...manifest.css,
      ...manifest.fonts,
      ...manifest.preloads,
      "/favicon.svg",
      "/icons/icon-192.png",
    ],
    production,
  });
}

/** Rebuilds on every change under client/ or common/ (debounced); builds once first. */
export async function watchClient() {
  await buildClient({ production: false }).catch((error) => console.error(error));
  let timer: ReturnType<typeof setTimeout> | null = null;
  const rebuild = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      buildClient({ production: false }).catch((error) => console.error(error));
    }, 100);
  };
  watch(clientDir, { recursive: true }, rebuild);
  watch(resolve(clientDir, "../common"), { recursive: true }, rebuild);
}

if (import.meta.main) {
  if (process.argv.includes("--watch")) await watchClient();
  else await buildClient();
}
