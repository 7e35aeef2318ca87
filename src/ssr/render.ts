import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { createRequestHandler, defaultStreamHandler } from "@tanstack/react-router/ssr/server";
import { createApi } from "../../client/lib/api";
import { type Session, setServerSession } from "../../client/lib/session";
import { createAppRouter } from "../../client/router";
import { carryLocale } from "../platform/locale/plugin";
import { type LocaleStore, runWithLocale } from "../platform/locale/request-locale";
import { type ClientManifest, fontPreloadHeader, type RoutesById, toRouterManifest } from "./assets";
import { type PageCache, pageCachePaths, withNonce } from "./page-cache";

/**
 * The pages' Content-Security-Policy: scripts only from this origin plus the response's nonce
 * (no 'unsafe-inline' scripts); Instagram only as a framed page; nothing may frame us, no
 * plugins, no <base>. Inline style attributes stay allowed (React sets a few, e.g. cover
 * positions); images may come from any https address (club covers may be absolute URLs).
 */
function pagePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self'",
    "frame-src https://www.instagram.com",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

export type ApiHandler = (request: Request) => Promise<Response>;

/*
 * The page cookie's session of the request being rendered, where the page tree reads it
 * (client/lib/session.ts loadSession: the guards and their `ssr` choice), per request even
 * while several renders interleave.
 */
const renderedSession = new AsyncLocalStorage<Session | null>();
setServerSession(() => renderedSession.getStore() ?? null);

let routesById: RoutesById | null = null;
let cachedPaths: Set<string> | null = null;

/**
 * Renders one page: the shared router loads the route's data by calling the API in-process
 * (never over the network), then React streams the document with the dehydrated data for the
 * browser to hydrate. A guest's page carries no token; a page for the page cookie's `session`
 * (issue 50) is rendered for that person: its GET calls carry the cookie's token as a bearer
 * token, exactly as the browser's would, and it is never kept in the page cache.
 * `locale` is the page request's settled language: the router gets it in its context, every
 * in-process API call carries it (carryLocale: answered in it, not negotiated again), and the
 * whole render runs inside it, so every `m` read while rendering speaks it.
 */
export function renderPage(options: RenderOptions): Promise<Response> {
  return renderedSession.run(options.session ?? null, () =>
    runWithLocale(options.locale, () => renderInLocale(options)),
  );
}

type RenderOptions = {
  request: Request;
  handleApi: ApiHandler;
  locale: LocaleStore;
  assets: ClientManifest | null;
  /** PUBLIC_URL: share previews need absolute URLs; without it, the request's own origin. */
  publicUrl?: string;
  /** The page cache (see page-cache.ts), used for the pages whose route asks for it. */
  cache?: PageCache | null;
  /** The page cookie's session, already checked as the API checks a token; none for a guest. */
  session?: Session | null;
};

async function renderInLocale({
  request,
  handleApi,
  locale: store,
  assets,
  publicUrl,
  cache,
  session = null,
}: RenderOptions): Promise<Response> {
  const { locale } = store;
  // A page for a person is theirs alone: never kept, never served from the cache.
  if (session) cache = null;
  const origin = publicUrl ?? new URL(request.url).origin;
  const url = new URL(request.url);
  if (cache) {
    // The route tree is the same for every request: read it once, without loading anything.
    const unused = () => Promise.reject(new Error("the route list loads nothing"));
    routesById ??= createAppRouter({ api: createApi({ fetcher: unused, getToken: () => null }) })
      .routesById as RoutesById;
    cachedPaths ??= pageCachePaths(routesById);
    if (!cachedPaths.has(url.pathname)) cache = null;
  }
  const cacheKey = cache ? `${locale} ${origin} ${url.pathname}${url.search}` : "";
  const cached = cache?.get(cacheKey);
  if (cached) {
    const nonce = randomBytes(16).toString("base64");
    const headers = new Headers(cached.headers);
    headers.set("content-security-policy", pagePolicy(nonce));
    return new Response(withNonce(cached, nonce), { status: cached.status, headers });
  }
  const generation = cache?.generation() ?? 0;
  // A fresh nonce per response: only the scripts this render writes may run inline.
  const nonce = randomBytes(16).toString("base64");
  const api = createApi({
    // The page's own API calls are answered in the page's language, carried beside the
    // request rather than written into its headers.
    fetcher: (path, init) => {
      // The page cookie authorises reading pages only: a render never writes on its behalf.
      if (session && (init?.method ?? "GET") !== "GET") {
        return Promise.reject(new Error("a server render only reads"));
      }
      return handleApi(carryLocale(new Request(new URL(path, "http://localhost"), init), store));
    },
    getToken: () => session?.token ?? null,
  });
  // The handler asks for the manifest before it creates the request's router, so the route ids
  // come from one router made for that purpose (they are the same for every request).
  routesById ??= createAppRouter({ api }).routesById as RoutesById;
  const routes = routesById;
  const handler = createRequestHandler({
    request,
    createRouter: () => createAppRouter({ api, origin, nonce, locale, user: session?.user ?? null }),
    getRouterManifest: () => toRouterManifest(assets, locale, routes),
  });
  const streamed = await handler(defaultStreamHandler);
  // Rendered to the end inside the page's language (runWithLocale above), so every `m` read
  // while rendering sees it, even parts React renders after the first chunk.
  const html = await streamed.text();
  const headers = new Headers(streamed.headers);
  // A guest page is the same for everyone, but must not be cached by shared caches under a
  // user's cookie-less request either way; a signed-in page is that person's alone, kept nowhere.
  headers.set("cache-control", session ? "private, no-store" : "no-cache");
  headers.set("vary", "Accept-Language, Cookie");
  headers.set("content-security-policy", pagePolicy(nonce));
  const fontPreload = fontPreloadHeader(assets);
  if (fontPreload) headers.set("link", fontPreload);
  if (cache && streamed.status === 200) {
    cache.set(cacheKey, generation, { status: 200, headers: [...headers.entries()], html, nonce });
  }
  return new Response(html, { status: streamed.status, headers });
}
