import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";

/** `/settings`: the account's settings (language, contact, calendar, data, password, deletion). */
export const settingsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/settings",
  head: () => pageTitle(m.settingsPage.title),
  component: lazyRouteComponent(() => import("./settings-page"), "SettingsPage"),
});
