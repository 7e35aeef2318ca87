import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";

/** `/interests`: the one-screen "What interests you?" picker (issue 34), skippable. */
export const interestsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/interests",
  head: () => pageTitle(m.interestsPage.title),
  component: lazyRouteComponent(() => import("./interests-page"), "InterestsPage"),
});
