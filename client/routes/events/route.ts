import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import type { TagCount } from "../../../common/api/clubs";
import { EVENT_CURSOR, type UpcomingPage } from "../../../common/api/events";
import { REGIONS, type Region } from "../../../common/enums";
import { EVENT_WHENS, type EventWhen } from "../../../common/event-dates";
import { m } from "../../../common/messages";
import { toQuery } from "../../lib/api";
import { rootRoute, sharedPageHead } from "../root";

export type EventsSearch = {
  when?: EventWhen;
  region?: Region;
  tag?: string;
  club?: number;
  cursor?: string;
};

const EVENTS_PAGE_SIZE = 20;

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim().slice(0, 40) : undefined;
}

function clubId(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_648 ? n : undefined;
}

/**
 * `/events`: upcoming events of every club (public, server-rendered). Date preset (`?when=`),
 * region, tag and club live in the URL, so a plain GET form and plain links work without
 * JavaScript; `?cursor=` is the API's keyset cursor, so "More events" is a plain link too.
 */
export const eventsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/events",
  validateSearch: (search: Record<string, unknown>): EventsSearch => ({
    when: EVENT_WHENS.find((when) => when === search.when),
    region: REGIONS.find((region) => region === search.region),
    tag: text(search.tag),
    club: clubId(search.club),
    cursor: typeof search.cursor === "string" && EVENT_CURSOR.test(search.cursor) ? search.cursor : undefined,
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const query = toQuery({ ...deps, limit: EVENTS_PAGE_SIZE });
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
