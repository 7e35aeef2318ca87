import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { FEED_SORTS, type FeedSort } from "../../../common/enums";
import { m } from "../../../common/messages";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";
import { prefetchHome } from "./-lib/prefetch-home";

export type HomeSearch = { sort?: FeedSort; post?: number };

/** `?post=<id>`: a positive whole number, else no post. */
function postParam(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
}

/**
 * `/home`: the What's New feed (signed in). The sort is in the URL (`?sort=newest`), and so is
 * the open post (`?post=<id>`), so a post can be linked to.
 */
export const homeRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/home",
  validateSearch: (search: Record<string, unknown>): HomeSearch => ({
    sort:
      FEED_SORTS.includes(search.sort as FeedSort) && search.sort !== "relevant"
        ? (search.sort as FeedSort)
        : undefined,
    post: postParam(search.post),
  }),
  loaderDeps: ({ search }) => ({ sort: search.sort ?? "relevant" }),
  // Only a server render (signed in by the page cookie) loads here; the browser's screens load their own.
  loader: ({ context, deps }) =>
    typeof window === "undefined" ? prefetchHome(context, deps.sort) : undefined,
  head: () => pageTitle(m.feedPage.title),
  component: lazyRouteComponent(() => import("./home-page"), "HomePage"),
});
