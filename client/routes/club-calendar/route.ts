import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import type { ClubDetail } from "../../../common/api/clubs";
import { format, m } from "../../../common/messages";
import { ApiError } from "../../lib/api";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";
import { monthKey, parseMonth } from "./-lib/calendar-utils";

export type CalendarSearch = { month?: string };

/** `/clubs/{id}/calendar` (signed in): the club's events by month (`?month=2026-03`). */
export const clubCalendarRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/clubs/$clubId/calendar",
  validateSearch: (search: Record<string, unknown>): CalendarSearch => {
    const month = parseMonth(search.month);
    return { month: month ? monthKey(month) : undefined };
  },
  loader: async ({ context, params }) => {
    if (!/^\d{1,10}$/.test(params.clubId)) return { club: null, error: null as string | null };
    try {
      const club = await context.api.get<ClubDetail>(`/api/clubs/${params.clubId}`, {
        fallback: m.clubPage.failed,
      });
      return { club, error: null };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { club: null, error: null };
      return { club: null, error: (error as Error).message || m.clubPage.failed };
    }
  },
  head: ({ loaderData }) =>
    pageTitle(
      loaderData?.club ? format(m.calendar.title, { name: loaderData.club.name }) : m.clubPage.calendar,
    ),
  component: lazyRouteComponent(() => import("./club-calendar-page"), "ClubCalendarPage"),
});
