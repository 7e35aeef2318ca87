import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { FEED_SORTS, type FeedSort } from "../../components/post/types";
import { m } from "../../messages";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";

export type HomeSearch = { sort?: FeedSort };

/** `/home`: the What's New feed (signed in). The sort is in the URL (`?sort=newest`). */
export const homeRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/home",
  validateSearch: (search: Record<string, unknown>): HomeSearch => ({
    sort:
      FEED_SORTS.includes(search.sort as FeedSort) && search.sort !== "relevant"
        ? (search.sort as FeedSort)
        : undefined,
  }),
  head: () => pageTitle(m.contentUi.feed.title),
  component: lazyRouteComponent(() => import("./home-page"), "HomePage"),
});
