import { createRouter, useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { currentLocale, type Locale } from "../common/messages";
import { RouteError } from "./components/route-error";
import { PageSkeleton } from "./components/skeleton";
import type { Api } from "./lib/api";
import { loadFullApp } from "./lib/full-app";
import { createQueryLayer, QueryLayerProvider } from "./lib/query-layer";
import type { SessionUser } from "./lib/session";
import type { Site } from "./lib/share-meta";
import { loadSignedInClubParts } from "./routes/club-detail/-lib/lazy-parts";
import type { RouterContext } from "./routes/root";
import { routeTree } from "./routes/tree";

function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryLayerProvider layer={useRouter().options.context.queries}>{children}</QueryLayerProvider>;
}

/**
 * One router factory for the server (one per request) and the browser. `site.origin` (for the
 * absolute URLs of share previews) is set on the server and travels to the browser with the
 * dehydrated state, so both render the same tags. On the server `nonce` is the response's
 * Content-Security-Policy nonce: every inline script the router and React write carries it;
 * <HeadContent> also writes it in a csp-nonce meta tag, where the browser side reads it back.
 * `locale` (the page's language) is in the context for code that renders the page, such as
 * `<html lang>`, instead of reading the server's ambient request store.
 * `user` is who the server rendered the page for (the page cookie's session, issue 50; null for
 * a guest page). It travels with the page, with the query cache's answers its loaders fetched,
 * so the browser's first render draws the same signed-in page without asking again.
 */
type Dehydrated = { origin: string; user: SessionUser | null; queries?: string };

export function createAppRouter({
  api,
  origin = "",
  nonce,
  locale = currentLocale(),
  user = null,
}: {
  api: Api;
  origin?: string;
  nonce?: string;
  /** The page's language: the server passes the request's; the browser has only its one catalogue. */
  locale?: Locale;
  /** On the server: the page cookie's person, who the page is rendered for. */
  user?: SessionUser | null;
}) {
  const site: Site = { origin };
  const page = { user };
  const queries = createQueryLayer();
  const context: RouterContext = { api, queries, site, locale, page };
  return createRouter({
    routeTree,
    context,
    // Every screen reads server data through this one cache (client/lib/use-resource.ts).
    InnerWrap: QueryProvider,
    // A guest page sends no cached answers (they would be the same for everyone and are in the loaders').
    dehydrate: async (): Promise<Dehydrated> =>
      page.user
        ? { origin: site.origin, user: page.user, queries: await queries.snapshot() }
        : { origin: site.origin, user: null },
    hydrate: async (data: Dehydrated) => {
      site.origin = data.origin;
      page.user = data.user;
      // A signed-in page's screens read the query cache while hydrating: load it, the whole
      // catalogue and a club page's member tools first (a landing page's guest render needs none).
      if (data.user) {
        await Promise.all([loadFullApp(queries), loadSignedInClubParts(window.location.pathname, queries)]);
      }
      if (data.queries) await queries.restore(data.queries);
    },
    defaultPreload: "intent",
    defaultPendingComponent: () => <PageSkeleton />,
    defaultErrorComponent: RouteError,
    defaultPendingMs: 300,
    scrollRestoration: true,
    ...(nonce ? { ssr: { nonce } } : {}),
  });
}

type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /**
     * The server keeps this page's HTML (any search) in its page cache, dropped on every replica
     * when the data named here changes: "clubs", the clubs table (src/ssr/page-cache.ts). Only
     * for pages whose HTML depends on nothing else (not the clock, not the visitor).
     */
    serverCache?: "clubs";
  }
}
