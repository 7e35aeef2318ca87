import { createRoute } from "@tanstack/react-router";
import { m } from "../messages";
import { authedRoute, ownerRoute } from "./guards";
import { pageTitle } from "./root";

/**
 * Stand-ins for the signed-in pages the top bar links to, until their real routes replace them
 * (in client/routes/tree.ts). They keep the links and guards working meanwhile.
 */
function page(title: string) {
  return {
    head: () => pageTitle(title),
    component: () => (
      <div className="page">
        <h1 className="page__title">{title}</h1>
        <p>{m.web.common.comingSoon}</p>
      </div>
    ),
  };
}

const authed = () => authedRoute;
const owner = () => ownerRoute;

export const myClubsPlaceholder = createRoute({
  getParentRoute: authed,
  path: "/my-clubs",
  ...page(m.web.nav.myClubs),
});
export const connectionsPlaceholder = createRoute({
  getParentRoute: authed,
  path: "/connections",
  ...page(m.web.nav.connections),
});
export const profilePlaceholder = createRoute({
  getParentRoute: authed,
  path: "/profile",
  ...page("Profile"),
});
export const clubCalendarPlaceholder = createRoute({
  getParentRoute: authed,
  path: "/clubs/$clubId/calendar",
  ...page(m.web.club.calendar),
});
export const clubNewPlaceholder = createRoute({
  getParentRoute: owner,
  path: "/clubs/new",
  ...page(m.web.clubs.createClub),
});
export const clubEditPlaceholder = createRoute({
  getParentRoute: owner,
  path: "/clubs/edit/$clubId",
  ...page(m.web.club.edit),
});
