import { createRoute, Outlet, redirect } from "@tanstack/react-router";
import { PageSkeleton } from "../components/skeleton";
import { hasRole, loadSession, type Role } from "../lib/session";
import { rootRoute } from "./root";

/**
 * Login-only pages hang under these pathless layouts. The spec's token lives in the browser; the
 * server knows the person only from the page cookie (issue 50). With it, the server renders
 * /home signed in (`ssr` below; the guard runs there against the cookie's session); otherwise
 * the server sends a skeleton and the checks run in the browser before the page loads: signed
 * out -> /login, wrong role -> / (spec section 2).
 */
function requireRoles(roles: readonly Role[] | null) {
  const session = loadSession();
  if (!session) throw redirect({ to: "/login" });
  if (roles && !hasRole(session.user, roles)) throw redirect({ to: "/" });
  return { user: session.user };
}

/*
 * The signed-in pages the server draws with their content for a page cookie's session (issue
 * 50: the first screen after opening the app). Every other signed-in page keeps its skeleton
 * under the signed-in shell: its screens read storage or the clock while rendering and were
 * never written to hydrate from server HTML.
 */
const SERVER_RENDERED = new Set(["/home"]);

/** On the server: render only a page above, and only for a page cookie's session (else a skeleton). */
function renderedSignedIn({ location }: { location: { pathname: string } }) {
  return SERVER_RENDERED.has(location.pathname) && loadSession() !== null;
}

/** Any signed-in user. Child routes read `context.user`. */
export const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "authed",
  ssr: renderedSignedIn,
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
