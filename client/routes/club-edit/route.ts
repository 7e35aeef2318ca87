import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import type { ClubDetail } from "../../../common/api/clubs";
import { format, m } from "../../../common/messages";
import { ApiError } from "../../lib/api";
import { authedRoute, ownerRoute } from "../guards";
import { pageTitle } from "../root";

/** `/clubs/new` (owners and admins). */
export const clubNewRoute = createRoute({
  getParentRoute: () => ownerRoute,
  path: "/clubs/new",
  head: () => pageTitle(m.clubForm.newTitle),
  component: lazyRouteComponent(() => import("./club-edit-page"), "ClubNewPage"),
});

/**
 * `/clubs/edit/{id}`: that club's owner or an admin (the API's can_edit), or an officer given
 * edit_club (often a member account, so any signed-in person may ask; `my_permissions` decides).
 * Anyone else is sent to / like any wrong role (spec section 2).
 */
export const clubEditRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/clubs/edit/$clubId",
  loader: async ({ context, params }) => {
    if (!/^\d{1,10}$/.test(params.clubId)) return { club: null, error: null as string | null };
    try {
      const club = await context.api.get<ClubDetail>(`/api/clubs/${params.clubId}`, {
        fallback: m.clubPage.failed,
      });
      if (!club.can_edit && !club.my_permissions?.includes("edit_club")) throw redirect({ to: "/" });
      return { club, error: null };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { club: null, error: null };
      if (error instanceof ApiError) return { club: null, error: error.message || m.clubPage.failed };
      throw error;
    }
  },
  // The form copies the club once when it mounts, so it must never start from a cached, older
  // copy (say, right after the last save): always load afresh.
  gcTime: 0,
  head: ({ loaderData }) =>
    pageTitle(
      loaderData?.club ? format(m.clubForm.editTitle, { name: loaderData.club.name }) : m.clubPage.edit,
    ),
  component: lazyRouteComponent(() => import("./club-edit-page"), "ClubEditPage"),
});
