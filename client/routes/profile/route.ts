import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";

export type ProfileSearch = { saved?: "1" | "verify" };

/** `/profile`: the signed-in user's own profile (`?saved=` after the edit form). */
export const profileRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/profile",
  validateSearch: (search: Record<string, unknown>): ProfileSearch =>
    search.saved === "1" || search.saved === "verify" ? { saved: search.saved } : {},
  head: () => pageTitle(m.profilePage.title),
  component: lazyRouteComponent(() => import("./profile-page"), "ProfilePage"),
});

/** `/users/{userId}`: another user's public profile. */
export const userProfileRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/users/$userId",
  head: () => pageTitle(m.profilePage.userTitle),
  component: lazyRouteComponent(() => import("./user-profile-page"), "UserProfilePage"),
});

/** `/edit-profile`: the profile form. */
export const editProfileRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/edit-profile",
  head: () => pageTitle(m.editProfilePage.title),
  component: lazyRouteComponent(() => import("./edit-profile-page"), "EditProfilePage"),
});
