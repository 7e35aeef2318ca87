import { createRoute, Outlet, redirect } from "@tanstack/react-router";
import { PageSkeleton } from "../components/skeleton";
import { hasRole, loadSession, type Role } from "../lib/session";
import { rootRoute } from "./root";

/**
 * Login-only pages hang under these pathless layouts. The token lives in the browser, so they
 * are not rendered on the server (`ssr: false`: the server sends a skeleton) and the checks run
 * in the browser before the page loads: signed out -> /login, wrong role -> / (spec section 2).
 */
function requireRoles(roles: readonly Role[] | null) {
  const session = loadSession();
  if (!session) throw redirect({ to: "/login" });
  if (roles && !hasRole(session.user, roles)) throw redirect({ to: "/" });
  return { user: session.user };
}

/** Any signed-in user. Child routes read `context.user`. */
export const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "authed",
  ssr: false,
  beforeLoad: () => requireRoles(null),
  pendingComponent: () => <PageSkeleton />,
  component: Outlet,
});

/** Owners and admins. */
export const ownerRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "owner",
  ssr: false,
  beforeLoad: () => requireRoles(["owner", "admin"]),
  pendingComponent: () => <PageSkeleton />,
  component: Outlet,
});

/** Admins only. */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "admin",
  ssr: false,
  beforeLoad: () => requireRoles(["admin"]),
  pendingComponent: () => <PageSkeleton />,
  component: Outlet,
});

/** Every path no route claims redirects to / (spec section 2), on the server as a 307. */
export const catchAllRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "$",
  beforeLoad: () => {
    throw redirect({ to: "/" });
  },
});
