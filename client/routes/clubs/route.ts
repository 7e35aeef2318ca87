import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import type { ClubListItem, TagCount } from "../../../common/api/clubs";
import type { Region } from "../../../common/enums";
import { m } from "../../../common/messages";
import { ApiError, toQuery } from "../../lib/api";
import { parseRegionFilter, type RegionFilter, regionForApi } from "../../lib/region-filter";
import { searchText } from "../../lib/search-params";
import { rootRoute, sharedPageHead } from "../root";
import { CLUBS_PAGE_SIZE, pageCount, parsePage } from "./-lib/paging";
import { prefetchSignedInClubs } from "./-lib/prefetch-signed-in";

/** The filters in the URL, each checked on its own: a bad value drops that filter only. */
export type ClubsSearch = { q?: string; region?: RegionFilter; tag?: string; page?: number };

function parseClubsSearch(search: Record<string, unknown>): ClubsSearch {
  return {
    q: searchText(search.q, 100),
    region: parseRegionFilter(search.region),
    tag: searchText(search.tag, 100),
    page: parsePage(search.page),
  };
}

type ClubsDeps = { q?: string; region?: string; tag?: string; page: number };

type ClubsLoaderData = {
  clubs: ClubListItem[];
  error: string | null;
  tags: TagCount[];
  page: number;
  pages: number;
  total: number;
  /** The home region the server applied to a list with none chosen (DefaultRegion then puts it in the URL). */
  appliedRegion: Region | undefined;
};

/*
 * A list the server rendered in the person's home region (no region in the URL), handed to the
 * navigation that then puts that region in the URL (DefaultRegion), so it neither fetches the
 * same list again nor shows a skeleton meanwhile. Browser only: set by the page, taken once.
 */
let carried: { deps: ClubsDeps; data: unknown } | null = null;

/** Called by the page before it puts the applied region in the URL. */
export function carryAppliedList(deps: ClubsDeps, data: unknown): void {
  carried = { deps, data };
}

function takeCarried<T>(deps: ClubsDeps): T | null {
  const held = carried;
  carried = null;
  const same =
    held &&
    held.deps.q === deps.q &&
    held.deps.tag === deps.tag &&
    held.deps.region === deps.region &&
    held.deps.page === deps.page;
  return same ? (held.data as T) : null;
}

/**
 * `/clubs`: the club list with search (`?q=`), region (`?region=`), tag filter (`?tag=`) and page (`?page=`, 24 a
 * page) kept in the URL, so a plain GET form and plain links work without JavaScript. The
 * number of pages comes from the X-Total-Count header. Errors per spec section 8: 401 -> /login,
 * 403 -> /profile/create, anything else is shown as "Error: message".
 */
export const clubsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/clubs",
  // The guest HTML depends only on the clubs table (search, tag and page are in the cache key).
  staticData: { serverCache: "clubs" },
  validateSearch: parseClubsSearch,
  loaderDeps: ({ search }) => ({
    q: search.q,
    region: search.region,
    tag: search.tag,
    page: search.page ?? 1,
  }),
  loader: async ({ context, deps }): Promise<ClubsLoaderData> => {
    const handed = takeCarried<ClubsLoaderData>(deps);
    if (handed) return { ...handed, appliedRegion: undefined };
    let total = 0;
    // Rendered on the server for the page cookie's person (issue 50): their "Para ti" and home
    // region come with the page. With no region chosen, the list is already their region's
    // (`homeRegion`, which the page shows as chosen), as the browser would make it.
    const homeRegion =
      typeof window === "undefined" && context.page.user
        ? await prefetchSignedInClubs(context, { suggestions: !deps.q && !deps.tag && deps.page === 1 })
        : null;
    const applied = deps.region === undefined && homeRegion ? homeRegion : undefined;
    const region = deps.region ?? applied;
    const query = toQuery({
      q: deps.q,
      region: regionForApi(region),
      tag: deps.tag,
      limit: CLUBS_PAGE_SIZE,
      offset: (deps.page - 1) * CLUBS_PAGE_SIZE,
    });
    const [clubs, tags] = await Promise.all([
      context.api
        .get<ClubListItem[]>(`/api/clubs${query}`, {
          fallback: m.clubsPage.failed,
          onResponse: (response) => {
            total = Number(response.headers.get("x-total-count")) || 0;
          },
        })
        .then((list) => ({ list, error: null as string | null }))
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 401) throw redirect({ to: "/login" });
          if (error instanceof ApiError && error.status === 403) throw redirect({ to: "/profile/create" });
          return { list: [] as ClubListItem[], error: (error as Error).message || m.clubsPage.failed };
        }),
      context.api.get<TagCount[]>("/api/clubs/tags").catch(() => [] as TagCount[]),
    ]);
    const pages = pageCount(total);
    // A page past the end (an old link, fewer clubs now): the last page instead of an empty one.
    if (!clubs.error && clubs.list.length === 0 && total > 0 && deps.page > pages) {
      throw redirect({
        to: "/clubs",
        search: { q: deps.q, region, tag: deps.tag, page: pages > 1 ? pages : undefined },
        replace: true,
      });
    }
    return {
      clubs: clubs.list,
      error: clubs.error,
      tags: Array.isArray(tags) ? tags : [],
      page: deps.page,
      pages,
      total: clubs.error ? 0 : Math.max(total, clubs.list.length),
      appliedRegion: applied,
    };
  },
  head: ({ match }) =>
    sharedPageHead(match.context.site, {
      title: m.clubsPage.title,
      description: m.appShell.share.clubsDescription,
      path: "/clubs",
    }),
  component: lazyRouteComponent(() => import("./clubs-page"), "ClubsPage"),
});
