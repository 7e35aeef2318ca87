import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import type { ClubListItem } from "../../../common/api/clubs";
import { m } from "../../../common/messages";
import { rootRoute, sharedPageHead } from "../root";

/** `/`: the landing page. A failing top-clubs call gives an empty list (the marquee hides). */
export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  loader: async ({ context }) => {
    try {
      const clubs = await context.api.get<ClubListItem[]>("/public/top-clubs", { token: null });
      return { topClubs: Array.isArray(clubs) ? clubs : [] };
    } catch {
      return { topClubs: [] as ClubListItem[] };
    }
  },
  head: ({ match }) =>
    sharedPageHead(match.context.site, {
      title: m.landing.title,
      description: m.landing.heroText,
      path: "/",
    }),
  component: lazyRouteComponent(() => import("./landing-page"), "LandingPage"),
});
