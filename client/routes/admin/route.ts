import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { adminRoute, ownerRoute } from "../guards";
import { pageTitle } from "../root";

/** `/admin/owner-requests`: approve or deny owner requests (admins). */
export const ownerRequestsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/admin/owner-requests",
  head: () => pageTitle(m.adminPages.ownerRequests.title),
  component: lazyRouteComponent(() => import("./owner-requests-page"), "OwnerRequestsPage"),
});

/** `/admin/dummies`: create a dummy (test) user and show its password once (admins). */
export const dummiesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/admin/dummies",
  head: () => pageTitle(m.adminPages.dummies.title),
  component: lazyRouteComponent(() => import("./dummies-page"), "DummiesPage"),
});

/** `/recruiting`: the placeholder recruiting dashboard (owners and admins). */
export const recruitingRoute = createRoute({
  getParentRoute: () => ownerRoute,
  path: "/recruiting",
  head: () => pageTitle(m.recruitingPage.title),
  component: lazyRouteComponent(() => import("./recruiting-page"), "RecruitingPage"),
});

/** `/admin/watched-words`: the words checked in everything people write, and what each does (admins). */
export const watchedWordsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/admin/watched-words",
  head: () => pageTitle(m.watchedWordsPage.title),
  component: lazyRouteComponent(() => import("./watched-words-page"), "WatchedWordsPage"),
});
