import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { RouteError } from "./components/route-error";
import { PageSkeleton } from "./components/skeleton";
import type { Api } from "./lib/api";
import { createQueryClient } from "./lib/query-client";
import type { RouterContext } from "./routes/root";
import { routeTree } from "./routes/tree";

function QueryProvider({ children }: { children: ReactNode }) {
  const { queryClient } = useRouter().options.context;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** One router factory for the server (one per request) and the browser. */
export function createAppRouter({ api }: { api: Api }) {
  const queryClient = createQueryClient();
  const context: RouterContext = { api, queryClient };
  return createRouter({
    routeTree,
    context,
    // Every screen reads server data through this one cache (client/lib/use-resource.ts).
    InnerWrap: QueryProvider,
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
