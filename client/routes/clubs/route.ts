import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { ApiError, toQuery } from "../../lib/api";
import type { ClubListItem, TagCount } from "../../lib/types";
import { m } from "../../messages";
import { pageTitle, rootRoute } from "../root";

export type ClubsSearch = { q?: string; tag?: string };

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim().slice(0, 100) : undefined;
}

/**
 * `/clubs`: the club list with search (`?q=`) and tag filter (`?tag=`) kept in the URL, so a
 * plain GET form works without JavaScript. Errors per spec section 8: 401 -> /login,
 * 403 -> /profile/create, anything else is shown as "Error: message".
 */
export const clubsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/clubs",
  validateSearch: (search: Record<string, unknown>): ClubsSearch => ({
    q: text(search.q),
    tag: text(search.tag),
  }),
  loaderDeps: ({ search }) => ({ q: search.q, tag: search.tag }),
  head: () => pageTitle(m.web.clubs.title),
  loader: async ({ context, deps }) => {
    const [clubs, tags] = await Promise.all([
      context.api
        .get<ClubListItem[]>(`/api/clubs${toQuery({ q: deps.q, tag: deps.tag, limit: 100 })}`, {
          fallback: m.web.clubs.failed,
        })
        .then((list) => ({ list, error: null as string | null }))
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 401) throw redirect({ to: "/login" });
          if (error instanceof ApiError && error.status === 403) throw redirect({ to: "/profile/create" });
          return { list: [] as ClubListItem[], error: (error as Error).message || m.web.clubs.failed };
        }),
      context.api.get<TagCount[]>("/api/clubs/tags").catch(() => [] as TagCount[]),
    ]);
    return { clubs: clubs.list, error: clubs.error, tags: Array.isArray(tags) ? tags : [] };
  },
  component: lazyRouteComponent(() => import("./clubs-page"), "ClubsPage"),
});
