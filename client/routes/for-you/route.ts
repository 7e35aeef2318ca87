import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";

/**
 * `/for-you` ("Para vos"): where onboarding lands after the interests (saved or skipped, issue
 * 50): the suggested clubs with their reasons, her region first, then upcoming events there.
 */
export const forYouRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/for-you",
  head: () => pageTitle(m.suggestions.title),
  component: lazyRouteComponent(() => import("./for-you-page"), "ForYouPage"),
});
