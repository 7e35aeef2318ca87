import { createRoute } from "@tanstack/react-router";
import { m } from "../messages";
import { authedRoute } from "./guards";
import { pageTitle } from "./root";

/**
 * Stand-ins for the signed-in pages the top bar links to, until their real routes replace them
 * (in client/routes/tree.ts). They keep the links and guards working meanwhile.
 */
function placeholder(title: string) {
  return {
    getParentRoute: () => authedRoute,
    head: () => pageTitle(title),
    component: () => (
      <div className="page">
        <h1 className="page__title">{title}</h1>
        <p>{m.web.common.comingSoon}</p>
      </div>
    ),
  };
}

export const homePlaceholder = createRoute({ path: "/home", ...placeholder(m.web.nav.home) });
export const myClubsPlaceholder = createRoute({ path: "/my-clubs", ...placeholder(m.web.nav.myClubs) });
export const connectionsPlaceholder = createRoute({
  path: "/connections",
  ...placeholder(m.web.nav.connections),
});
export const profilePlaceholder = createRoute({ path: "/profile", ...placeholder("Profile") });
