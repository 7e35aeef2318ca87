import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";

/** `/notifications`: the notification centre, what the top bar's bell opens. */
export const notificationsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/notifications",
  head: () => pageTitle(m.notices.title),
  component: lazyRouteComponent(() => import("./notifications-page"), "NotificationsPage"),
});

/** `/settings/notifications`: what may reach the person outside the app, per kind and club. */
export const notificationSettingsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/settings/notifications",
  head: () => pageTitle(m.noticeSettings.title),
  component: lazyRouteComponent(() => import("./settings-page"), "NotificationSettingsPage"),
});
