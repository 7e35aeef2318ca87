import { createRootRouteWithContext, HeadContent, Outlet, ScriptOnce, Scripts } from "@tanstack/react-router";
import { type Locale, m } from "../../common/messages";
import { AdminPanelSlot } from "../components/admin-panel/admin-panel-slot";
import { Announcer, RouteFocus } from "../components/announcer";
import { ConfirmHost } from "../components/confirm-host";
import { GuestFooter } from "../components/guest-footer";
import { NotificationPoller } from "../components/notification-poller";
import { PushPrompt } from "../components/push-prompt";
import { SessionProvider } from "../components/session-provider";
import { TabBar } from "../components/tab-bar";
import { TopBar } from "../components/top-bar";
import type { Api } from "../lib/api";
import { loadFullApp, needsFullApp } from "../lib/full-app";
import { PENDING_SESSION_SCRIPT } from "../lib/page-cookie";
import type { QueryLayer } from "../lib/query-layer";
import type { SessionUser } from "../lib/session";
import { type Site, shareMeta } from "../lib/share-meta";

/**
 * `locale`: the page's language, settled by the server for its render; the loaded catalogue's in the browser.
 * `page.user`: who the server rendered the page for (the page cookie's session; null for a guest page).
 */
export type RouterContext = {
  api: Api;
  queries: QueryLayer;
  site: Site;
  locale: Locale;
  page: { user: SessionUser | null };
};

/** The whole document: rendered on the server, hydrated with `hydrateRoot(document, …)`. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Pages past the landing ones get the query cache and the whole catalogue before they render.
  beforeLoad: async ({ context, location }) => {
    if (needsFullApp(location.pathname)) await loadFullApp(context.queries);
  },
  head: () => ({
    meta: [
      { charSet: "utf-8" },
      { name: "viewport", content: "width=device-width, initial-scale=1" },
      { name: "description", content: m.meta.description },
      { name: "theme-color", content: "#0067C6", media: "(prefers-color-scheme: light)" },
      { name: "theme-color", content: "#161b22", media: "(prefers-color-scheme: dark)" },
      { title: m.meta.title },
    ],
    links: [
      { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
      { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
      { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
      { rel: "manifest", href: "/manifest.webmanifest" },
    ],
  }),
  component: RootDocument,
});

function RootDocument() {
  const { locale, page } = rootRoute.useRouteContext();
  return (
    <html lang={locale}>
      <head>
        <HeadContent />
      </head>
      <body>
        {/* A page rendered for a guest: hide its guest links while a stored session is read. */}
        {page.user ? null : <ScriptOnce>{PENDING_SESSION_SCRIPT}</ScriptOnce>}
        <SessionProvider>
          <NotificationPoller />
          <TopBar />
          <main id="main" className="main">
            <PushPrompt />
            <Outlet />
          </main>
          <GuestFooter />
          <TabBar />
          <AdminPanelSlot />
          <Announcer />
          <RouteFocus />
          <ConfirmHost />
        </SessionProvider>
        <Scripts />
      </body>
    </html>
  );
}

/** `<title>` text for a page. */
export function pageTitle(title: string) {
  return { meta: [{ title: `${title}${m.meta.titleSuffix}` }] };
}

/** `<title>` plus the share-preview tags of a public page (Open Graph, Twitter card, canonical). */
export function sharedPageHead(
  site: Site,
  {
    title,
    description,
    path,
    image,
  }: { title: string; description: string; path: string; image?: string | null },
) {
  const share = shareMeta({ site, title, description, path, image, siteName: m.meta.title });
  return { meta: [...pageTitle(title).meta, ...share.meta], links: share.links };
}
