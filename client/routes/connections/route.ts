import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";

const CONNECTION_TABS = ["mine", "requests"] as const;
export type ConnectionTab = (typeof CONNECTION_TABS)[number];

/** `/connections`: tabs My Connections and Connection Requests (`?tab=requests`). */
export const connectionsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/connections",
  validateSearch: (search: Record<string, unknown>): { tab?: ConnectionTab } =>
    search.tab === "requests" ? { tab: "requests" } : {},
  head: () => pageTitle(m.connectionsPage.title),
  component: lazyRouteComponent(() => import("./connections-page"), "ConnectionsPage"),
});
