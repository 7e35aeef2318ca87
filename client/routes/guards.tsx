import { createRoute, Outlet, redirect } from "@tanstack/react-router";
import { PageSkeleton } from "../components/skeleton";
import { hasRole, loadSession, type Role } from "../lib/session";
import { rootRoute } from "./root";

/**
 * Login-only pages hang under these pathless layouts. The spec's token lives in the browser; the
 * server knows the person only from the page cookie (issue 50). With it, the server renders the
 * page signed in (`ssr` below; the guard runs there against the cookie's session); without it
 * the server sends a skeleton (`ssr: false`) and the checks run in the browser before the page
 * loads: signed out -> /login, wrong role -> / (spec section 2).
 */
function requireRoles(roles: readonly Role[] | null) {
  const session = loadSession();
  if (!session) throw redirect({ to: "/login" });
  if (roles && !hasRole(session.user, roles)) throw redirect({ to: "/" });
  return { user: session.user };
}

/** On the server: render only for a page cookie's session that passes the guard (else a skeleton). */
function renderedFor(roles: readonly Role[] | null) {
  return () => {
    const session = loadSession();
    return !!session && (!roles || hasRole(session.user, roles));
  };
}

/** Any signed-in user. Child routes read `context.user`. */
export const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "authed",
  ssr: renderedFor(null),
  beforeLoad: () => requireRoles(null),
  pendingComponent: () => <PageSkeleton />,
  component: Outlet,
});

/** Owners and admins. */
export const ownerRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "owner",
  ssr: renderedFor(["owner", "admin"]),
  beforeLoad: () => requireRoles(["owner", "admin"]),
  pendingComponent: () => <PageSkeleton />,
  component: Outlet,
});

/** Admins only. */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "admin",
  ssr: renderedFor(["admin"]),
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
