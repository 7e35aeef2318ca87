import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";

/** `/settings/notifications`: "Notificaciones" (push on this device, quiet hours). */
export const notificationSettingsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/settings/notifications",
  head: () => pageTitle(m.pushUi.pageTitle),
  component: lazyRouteComponent(() => import("./notifications-page"), "NotificationSettingsPage"),
});
