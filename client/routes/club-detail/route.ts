import { createRoute, lazyRouteComponent, notFound } from "@tanstack/react-router";
import { ApiError } from "../../lib/api";
import type { ClubDetail, ClubPost } from "../../lib/types";
import { m } from "../../messages";
import { pageTitle, rootRoute } from "../root";
import { ClubNotFound } from "./club-not-found";

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
  // Only the Posts tab needs more data: switching between the other tabs reuses the club.
  loaderDeps: ({ search }) => ({ posts: search.tab === "posts" }),
  // Keep the page (and the focused tab) on screen while a tab's data loads.
  pendingMs: 2000,
  loader: async ({ context, params, deps }) => {
    const empty = { club: null, error: null as string | null, posts: null as ClubPost[] | null };
    if (!/^\d{1,10}$/.test(params.clubId)) throw notFound();
    // The Posts tab's list loads with the club; a failing posts call shows as empty.
    const posts = deps.posts
      ? context.api
          .get<ClubPost[]>(`/api/clubs/${params.clubId}/posts?limit=50`)
          .catch(() => [] as ClubPost[])
      : Promise.resolve(null);
    try {
      const club = await context.api.get<ClubDetail>(`/api/clubs/${params.clubId}`, {
        fallback: m.web.club.failed,
      });
      return { club, error: null, posts: await posts };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      return { ...empty, error: (error as Error).message || m.web.club.failed };
    }
  },
  head: ({ loaderData }) => pageTitle(loaderData?.club?.name ?? m.web.club.notFound),
  component: lazyRouteComponent(() => import("./club-detail-page"), "ClubDetailPage"),
  notFoundComponent: ClubNotFound,
});
