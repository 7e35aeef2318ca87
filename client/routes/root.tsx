import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from "@tanstack/react-router";
import { m } from "../../common/messages";
import { AdminPanelButton } from "../components/admin-panel/admin-panel-button";
import { NotificationPoller } from "../components/notification-poller";
import { SessionProvider } from "../components/session-provider";
import { TopBar } from "../components/top-bar";
import type { Api } from "../lib/api";

export type RouterContext = { api: Api; queryClient: QueryClient };

/** The whole document: rendered on the server, hydrated with `hydrateRoot(document, …)`. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  head: () => ({
    meta: [
      { charSet: "utf-8" },
      { name: "viewport", content: "width=device-width, initial-scale=1" },
      { name: "description", content: m.web.meta.description },
      { name: "theme-color", content: "#0067C6" },
      { title: m.web.meta.title },
    ],
  }),
  component: RootDocument,
});

function RootDocument() {
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        <SessionProvider>
          <NotificationPoller />
          <TopBar />
          <main id="main" className="main">
            <Outlet />
          </main>
          <AdminPanelButton />
        </SessionProvider>
        <Scripts />
      </body>
    </html>
  );
}

/** `<title>` text for a page. */
export function pageTitle(title: string) {
  return { meta: [{ title: `${title}${m.web.meta.titleSuffix}` }] };
}
