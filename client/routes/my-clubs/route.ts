import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";

/** `/my-clubs`: the clubs the user belongs to, each with Leave. */
export const myClubsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/my-clubs",
  head: () => pageTitle(m.myClubsPage.title),
  component: lazyRouteComponent(() => import("./my-clubs-page"), "MyClubsPage"),
});
