import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { z } from "zod";
import type { TagCount } from "../../../common/api/clubs";
import { EVENT_CURSOR, type UpcomingPage } from "../../../common/api/events";
import { EVENT_WHENS } from "../../../common/event-dates";
import { m } from "../../../common/messages";
import { toQuery } from "../../lib/api";
import { regionFilterSchema, regionForApi } from "../../lib/region-filter";
import { rootRoute, sharedPageHead } from "../root";

/**
 * The filters in the URL, each checked on its own (a bad value drops that filter, not the
 * others), so a link keeps working after the filters change shape.
 */
const eventsSearchSchema = z.object({
  when: z.enum(EVENT_WHENS).optional().catch(undefined),
  region: regionFilterSchema,
  tag: z
    .string()
    .trim()
    .min(1)
    .transform((tag) => tag.slice(0, 40))
    .optional()
    .catch(undefined),
  club: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
  cursor: z.string().regex(EVENT_CURSOR).optional().catch(undefined),
});
export type EventsSearch = z.infer<typeof eventsSearchSchema>;

const EVENTS_PAGE_SIZE = 20;

/**
 * `/events`: upcoming events of every club (public, server-rendered). Date preset (`?when=`),
 * region, tag and club live in the URL, so a plain GET form and plain links work without
 * JavaScript; `?cursor=` is the API's keyset cursor, so "More events" is a plain link too.
 */
export const eventsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/events",
  validateSearch: (search: Record<string, unknown>): EventsSearch => eventsSearchSchema.parse(search),
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
