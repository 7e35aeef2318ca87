import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import type { ClubListItem } from "../../../common/api/clubs";
import { m } from "../../../common/messages";
import { pageTitle, rootRoute } from "../root";

/** `/`: the landing page. A failing top-clubs call gives an empty list (the marquee hides). */
export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  head: () => pageTitle(m.web.landing.title),
  loader: async ({ context }) => {
    try {
      const clubs = await context.api.get<ClubListItem[]>("/public/top-clubs", { token: null });
      return { topClubs: Array.isArray(clubs) ? clubs : [] };
    } catch {
      return { topClubs: [] as ClubListItem[] };
    }
  },
  component: lazyRouteComponent(() => import("./landing-page"), "LandingPage"),
});
