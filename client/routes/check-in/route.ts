import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";

export type CheckInSearch = { code?: string };

/**
 * `/events/{id}/attendance` (owner, admin, or an officer with check_in, who may hold a member
 * account: so any signed-in person reaches it and the API answers 403 to the rest):
 * "Take attendance", the rotating code and the list.
 */
export const attendanceRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/events/$postId/attendance",
  head: () => pageTitle(m.checkIns.takeAttendance),
  component: lazyRouteComponent(() => import("./attendance-page"), "AttendancePage"),
});

/**
 * `/events/{id}/check-in` (signed in): a member checks in. The owner's QR code is this address
 * with `?code=`, so a phone's own camera app opens it with the code filled in.
 */
export const checkInRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/events/$postId/check-in",
  validateSearch: (search: Record<string, unknown>): CheckInSearch => {
    const code =
      typeof search.code === "string" || typeof search.code === "number" ? String(search.code) : "";
    return { code: /^\d{6}$/.test(code) ? code : undefined };
  },
  head: () => pageTitle(m.checkIns.checkInTitlePlain),
  component: lazyRouteComponent(() => import("./check-in-page"), "CheckInPage"),
});
