import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { needsFullApp } from "../../client/lib/full-app";
import type { Locale } from "../../common/messages";
import { PAGE_CHUNKS_ATTR, scriptLoaderSource } from "./script-loader";

export type ClientManifest = {
  entry: string;
  css: string[];
  preloads: string[];
  /** Route path → chunks its lazy page needs (scripts/build/route-chunks.ts). */
  routes?: Record<string, string[]>;
  /** One script per language defining its catalogue; a page loads only its own. */
  messages: Record<Locale, string>;
  /** The rest of each catalogue, which pages past the landing ones load before hydrating. */
  messagesRest?: Record<Locale, string>;
  /** Web font files the first paint uses (scripts/build/fonts.ts): every page preloads them. */
  fonts?: string[];
};

/** The bit of a router this needs: each route's id and the path it was created with. */
export type RoutesById = Record<
  string,
  { fullPath?: string; options: { path?: string; staticData?: { serverCache?: string } } }
>;

/** The part of TanStack Router's server manifest used here (assets on the root route). */
type RouterManifest = {
  routes: Record<
    string,
    {
      css?: string[];
      preloads?: string[];
      scripts?: { attrs?: Record<string, unknown>; children?: string }[];
    }
  >;
};

/**
 * Which built files a page needs, read from dist/client/manifest.json (written by
 * scripts/build-client.ts). Production reads it once; development on every request, since the
 * watcher rebuilds with new hashes. Missing manifest: pages still render, without JavaScript.
 */
export function createAssetReader({ dir, cache }: { dir: string; cache: boolean }) {
  let cached: ClientManifest | null | undefined;
  const file = join(dir, "manifest.json");
  return (): ClientManifest | null => {
    if (cache && cached !== undefined) return cached;
    let manifest: ClientManifest | null = null;
    if (existsSync(file)) {
      try {
        manifest = JSON.parse(readFileSync(file, "utf8")) as ClientManifest;
      } catch {
        manifest = null;
      }
    }
    if (cache) cached = manifest;
    return manifest;
  };
}

/**
 * The router's manifest: the stylesheet, and the inline loader (./script-loader.ts) that starts
 * the page language's catalogue, then the entry module (in order, so the catalogue is in place
 * before any component reads `m`), with the entry's shared chunks, once the page is on screen;
 * on each page's route, the chunks of its lazy page as data the loader reads, so a page loads
 * exactly what it will run (and nothing of other pages) without an import waterfall.
 */
export function toRouterManifest(
  assets: ClientManifest | null,
  locale: Locale,
  routesById: RoutesById = {},
): RouterManifest {
  if (!assets) return { routes: {} };
  const routes: RouterManifest["routes"] = {
    __root__: {
      css: assets.css,
      scripts: [
        {
          children: scriptLoaderSource({
            scripts: [assets.messages[locale], assets.entry],
            preloads: assets.preloads,
          }),
        },
      ],
    },
  };
  const rest = assets.messagesRest?.[locale];
  for (const [id, route] of Object.entries(routesById)) {
    const path = route.options.path;
    const chunks = path ? (assets.routes?.[path] ?? []) : [];
    // Such a page's entry imports the rest of the catalogue before hydrating (client/lib/full-app.ts).
    const preloads = rest && path && needsFullApp(path) ? [...chunks, rest] : chunks;
    if (preloads.length) {
      routes[id] = {
        scripts: [
          { attrs: { type: "application/json", [PAGE_CHUNKS_ATTR]: "" }, children: JSON.stringify(preloads) },
        ],
      };
    }
  }
  return { routes };
}

/**
 * The `Link` header preloading the web fonts, so the font is fetched beside the stylesheet
 * instead of after it has been parsed (`crossorigin`: fonts are always fetched in CORS mode,
 * and a preload without it would be fetched twice). Null when the build has none.
 */
export function fontPreloadHeader(assets: ClientManifest | null): string | null {
  const fonts = assets?.fonts ?? [];
  if (fonts.length === 0) return null;
  return fonts.map((url) => `<${url}>; rel=preload; as=font; type="font/woff2"; crossorigin`).join(", ");
}
