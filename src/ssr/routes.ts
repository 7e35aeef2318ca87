import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { staticPlugin } from "@elysiajs/static";
import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import { NotFound } from "../lib/errors";
import { createAssetReader } from "./assets";
import { type ApiHandler, renderPage } from "./render";

export const CLIENT_DIR = resolve(import.meta.dir, "../../dist/client");
const YEAR_SECONDS = 31_536_000;

/**
 * The web app: built assets under /assets (hashed names, cached for a year) and every other
 * GET path rendered by the router. Registered after the API so API routes win.
 */
export function ssrRoutes({ deps, handleApi }: { deps: AppDeps; handleApi: ApiHandler }) {
  const production = deps.config.NODE_ENV === "production";
  const readAssets = createAssetReader({ dir: CLIENT_DIR, cache: production });
  if (!readAssets()) {
    deps.logger.warn(
      { dir: CLIENT_DIR },
      "no client build found: pages render without JavaScript (run `bun run build`)",
    );
  }
  const app = new Elysia({ name: "ssr-routes" });
  if (existsSync(CLIENT_DIR)) {
    // Async plugin: src/server.ts awaits `app.modules` before listening.
    app.use(
      staticPlugin({
        assets: CLIENT_DIR,
        prefix: "/assets",
        alwaysStatic: production,
        // Every file name carries its content hash, so browsers may keep it for a year.
        headers: { "Cache-Control": `public, max-age=${YEAR_SECONDS}, immutable` },
        ignorePatterns: ["manifest.json"],
        silent: true,
      }),
    );
  }
  return app.get(
    "/*",
    async ({ request }) => {
      // A GET route beats the app's `.all("/api/*")`, so unknown API paths are answered here.
      const { pathname } = new URL(request.url);
      if (pathname === "/api" || pathname.startsWith("/api/")) {
        throw new NotFound();
      }
      return await renderPage({ request, handleApi, assets: readAssets() });
    },
    { detail: { hide: true } },
  );
}
