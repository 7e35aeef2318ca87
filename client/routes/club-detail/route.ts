import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { ApiError } from "../../lib/api";
import type { ClubDetail } from "../../lib/types";
import { m } from "../../messages";
import { pageTitle, rootRoute } from "../root";

export const CLUB_TABS = ["overview", "members", "connect", "posts"] as const;
export type ClubTab = (typeof CLUB_TABS)[number];
export type ClubSearch = { tab?: ClubTab };

/**
 * `/clubs/{id}`: one club. The tab is in the URL (`?tab=members`), so every tab is a real link
 * that also works without JavaScript. Signed in, the loader re-runs after hydration with the
 * token and the response adds can_edit and request_pending.
 */
export const clubDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/clubs/$clubId",
  validateSearch: (search: Record<string, unknown>): ClubSearch => ({
    tab:
      CLUB_TABS.includes(search.tab as ClubTab) && search.tab !== "overview"
        ? (search.tab as ClubTab)
        : undefined,
  }),
  loader: async ({ context, params }) => {
    if (!/^\d{1,10}$/.test(params.clubId)) return { club: null, error: null };
    try {
      const club = await context.api.get<ClubDetail>(`/api/clubs/${params.clubId}`, {
        fallback: m.web.club.failed,
      });
      return { club, error: null as string | null };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { club: null, error: null };
      return { club: null, error: (error as Error).message || m.web.club.failed };
    }
  },
  head: ({ loaderData }) => pageTitle(loaderData?.club?.name ?? m.web.club.notFound),
  component: lazyRouteComponent(() => import("./club-detail-page"), "ClubDetailPage"),
});
