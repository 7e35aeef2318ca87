import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { adminRoute } from "../guards";
import { pageTitle } from "../root";

/** `/admin/reports`: the moderation queue (admins). */
export const reportQueueRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/admin/reports",
  head: () => pageTitle(m.reportQueuePage.title),
  component: lazyRouteComponent(() => import("./report-queue-page"), "ReportQueuePage"),
});

/** `/admin/audit`: the audit log with filters (admins). */
export const auditLogRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/admin/audit",
  head: () => pageTitle(m.auditPage.title),
  component: lazyRouteComponent(() => import("./audit-page"), "AuditPage"),
});
