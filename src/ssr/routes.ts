import { resolve } from "node:path";
import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../deps";
import type { ReadPageSession } from "../features/auth";
import { changeBusOf, followKeys } from "../lib/database/change-bus";
import { NotFound } from "../lib/errors";
import { changeKeys } from "../lib/poll-memory/keys";
import { APP_ROOT } from "../lib/runtime/app-root";
import { negotiateLocale } from "../platform/locale/negotiate";
import { requestLocaleStore } from "../platform/locale/request-locale";
import { SERVICE_WORKER_POLICY } from "../plugins/security-headers";
import { createAssetReader } from "./assets";
import { OFFLINE_PAGE_POLICY, renderOfflinePage } from "./offline-page";
import { createPageCache } from "./page-cache";
import { type ApiHandler, renderPage } from "./render";
import { renderRobots, renderSitemap } from "./sitemap";
import { serveBuiltFile } from "./static-files";
import { webManifest } from "./web-manifest";

const CLIENT_DIR = resolve(APP_ROOT, "dist/client");
const PUBLIC_DIR = resolve(APP_ROOT, "dist/public");
const YEAR_SECONDS = 31_536_000;
// Every asset name carries its content hash, so browsers may keep it for a year.
const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;
// Root files keep their names across builds: a day, then the browser checks again.
const DAY = "public, max-age=86400";
const ROOT_FILES: Record<string, string> = {
  "/favicon.ico": DAY,
  "/favicon.svg": DAY,
  // The browser checks the worker for updates itself; no-cache makes each check see a new build.
  "/sw.js": "no-cache",
};

/**
 * The web app: built assets under /assets (hashed names, cached for a year, precompressed), the
 * installable app's root files (icons, robots.txt, web manifest, service worker, offline page)
 * and every other GET path rendered by the router. Registered after the API so API routes win.
 */
export function ssrRoutes({
  deps,
  handleApi,
  readPageSession,
}: {
  deps: AppDeps;
  handleApi: ApiHandler;
  /** The page cookie's session (src/features/auth/page-session.ts): pages render for that person. */
  readPageSession: ReadPageSession;
}) {
  const production = deps.config.NODE_ENV === "production";
  const readAssets = createAssetReader({ dir: CLIENT_DIR, cache: production });
  if (!readAssets()) {
    deps.logger.warn(
      { dir: CLIENT_DIR },
      "no client build found: pages render without JavaScript (run `bun run build`)",
    );
  }
  // Rendered pages whose route says `staticData: { serverCache: "clubs" }` (only /clubs today),
  // dropped on every replica when a club changes (the trigger of migration 0008 also fires for
  // member counts and posts).
  // In production only: tests that change clubs with SQL and render at once read fresh pages.
  const pages = production ? createPageCache() : null;
  if (pages) followKeys(changeBusOf(deps.db, deps.logger), [changeKeys.topClubs], pages.clear);
  const app = new Elysia({ name: "ssr-routes" })
    .get(
      "/assets/*",
      ({ params, request }) => {
        const path = params["*"];
        const file =
          path === "manifest.json"
            ? null
            : serveBuiltFile({ dir: CLIENT_DIR, path, request, cacheControl: IMMUTABLE });
        if (!file) throw new NotFound();
        return file;
      },
      { detail: { hide: true } },
    )
    .get(
      "/icons/*",
      ({ params, request }) => {
        const file = serveBuiltFile({
          dir: PUBLIC_DIR,
          path: `icons/${params["*"]}`,
          request,
          cacheControl: DAY,
        });
        if (!file) throw new NotFound();
        return file;
      },
      { detail: { hide: true } },
    )
    .get(
      "/manifest.webmanifest",
      () =>
        new Response(JSON.stringify(webManifest()), {
          headers: { "content-type": "application/manifest+json", "cache-control": DAY },
        }),
      { detail: { hide: true } },
    )
    .get(
      "/sitemap.xml",
      ({ request }) =>
        new Response(renderSitemap(deps.config.PUBLIC_URL ?? new URL(request.url).origin), {
          headers: { "content-type": "application/xml; charset=utf-8", "cache-control": DAY },
        }),
      { detail: { hide: true } },
    )
    .get(
      "/robots.txt",
      ({ request }) =>
        new Response(renderRobots(deps.config.PUBLIC_URL ?? new URL(request.url).origin), {
          headers: { "content-type": "text/plain; charset=utf-8", "cache-control": DAY },
        }),
      { detail: { hide: true } },
    )
    .get(
      "/offline",
      ({ query }) =>
        new Response(renderOfflinePage({ lang: query.lang ?? "en", assets: readAssets() }), {
          headers: {
            "content-type": "text/html; charset=utf-8",
            "cache-control": "no-cache",
            "content-security-policy": OFFLINE_PAGE_POLICY,
          },
        }),
      { query: z.object({ lang: z.enum(["en", "es"]).optional() }), detail: { hide: true } },
    );
  for (const [path, cacheControl] of Object.entries(ROOT_FILES)) {
    app.get(
      path,
      ({ request, set }) => {
        if (path === "/sw.js") set.headers["content-security-policy"] = SERVICE_WORKER_POLICY;
        const file = serveBuiltFile({ dir: PUBLIC_DIR, path: path.slice(1), request, cacheControl });
        if (!file) throw new NotFound();
        return file;
      },
      { detail: { hide: true } },
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
      // Read first: the person's saved language then settles the page's, as for their API calls.
      const { session, clearCookie } = await readPageSession(request);
      const page = await renderPage({
        request,
        handleApi,
        // The language the locale plugin settled for this request (account included).
        locale: requestLocaleStore() ?? negotiateLocale(request, deps.config.DEFAULT_LOCALE),
        assets: readAssets(),
        publicUrl: deps.config.PUBLIC_URL,
        cache: pages,
        session,
      });
      // A cookie whose token no longer signs anyone in (logged out, banned, a new password) goes.
      if (clearCookie) page.headers.append("set-cookie", clearCookie);
      return page;
    },
    { detail: { hide: true } },
  );
}
