import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import type { TagCount } from "../../../common/api/clubs";
import type { UpcomingPage } from "../../../common/api/events";
import { EVENT_CURSOR, EVENT_WHENS, type EventWhen } from "../../../common/event-dates";
import { m } from "../../../common/messages";
import { toQuery } from "../../lib/api";
import { parseRegionFilter, type RegionFilter, regionForApi } from "../../lib/region-filter";
import { searchChoice, searchInteger, searchMatch, searchText } from "../../lib/search-params";
import { rootRoute, sharedPageHead } from "../root";

/**
 * The filters in the URL, each checked on its own (a bad value drops that filter, not the
 * others), so a link keeps working after the filters change shape.
 */
export type EventsSearch = {
  when?: EventWhen;
  region?: RegionFilter;
  tag?: string;
  club?: number;
  cursor?: string;
};

function parseEventsSearch(search: Record<string, unknown>): EventsSearch {
  return {
    when: searchChoice(search.when, EVENT_WHENS),
    region: parseRegionFilter(search.region),
    tag: searchText(search.tag, 40),
    club: searchInteger(search.club, 1, 2_147_483_647),
    cursor: searchMatch(search.cursor, EVENT_CURSOR),
  };
}

const EVENTS_PAGE_SIZE = 20;

/**
 * `/events`: upcoming events of every club (public, server-rendered). Date preset (`?when=`),
 * region, tag and club live in the URL, so a plain GET form and plain links work without
 * JavaScript; `?cursor=` is the API's keyset cursor, so "More events" is a plain link too.
 */
export const eventsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/events",
  validateSearch: parseEventsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const query = toQuery({ ...deps, region: regionForApi(deps.region), limit: EVENTS_PAGE_SIZE });
    const [page, tags, club] = await Promise.all([
      context.api
        .get<UpcomingPage>(`/api/events/upcoming${query}`, { fallback: m.events.failed })
        .then((data) => ({ data, error: null as string | null }))
        .catch((error: unknown) => ({ data: null, error: (error as Error).message || m.events.failed })),
      context.api.get<TagCount[]>("/api/clubs/tags").catch(() => [] as TagCount[]),
      deps.club
        ? context.api.get<{ id: number; name: string }>(`/api/clubs/${deps.club}`).catch(() => null)
        : Promise.resolve(null),
    ]);
    return {
      events: page.data?.events ?? [],
      // Signed in, the loader runs again after hydration with the token (session-provider).
      forYou: page.data?.for_you ?? [],
      nextCursor: page.data?.next_cursor ?? null,
      nextDate: page.data?.next_date ?? null,
      error: page.error,
      tags: Array.isArray(tags) ? tags : [],
      clubName: club?.name ?? null,
    };
  },
  head: ({ match }) =>
    sharedPageHead(match.context.site, {
      title: m.events.pageTitle,
      description: m.events.pageIntro,
      path: "/events",
    }),
  component: lazyRouteComponent(() => import("./events-page"), "EventsPage"),
});
