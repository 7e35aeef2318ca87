import { createRouter } from "@tanstack/react-router";
import { RouteError } from "./components/route-error";
import { PageSkeleton } from "./components/skeleton";
import type { Api } from "./lib/api";
import type { RouterContext } from "./routes/root";
import { routeTree } from "./routes/tree";

/** One router factory for the server (one per request) and the browser. */
export function createAppRouter({ api }: { api: Api }) {
  const context: RouterContext = { api };
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    defaultPendingComponent: () => <PageSkeleton />,
    defaultErrorComponent: RouteError,
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
