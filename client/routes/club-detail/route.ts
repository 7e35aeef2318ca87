import { createRoute, lazyRouteComponent, notFound } from "@tanstack/react-router";
import type { ClubDetail } from "../../../common/api/clubs";
import type { FeedPost } from "../../../common/api/posts";
import { m } from "../../../common/messages";
import { ApiError } from "../../lib/api";
import { pageTitle, rootRoute, sharedPageHead } from "../root";
import { ClubNotFound } from "./-components/club-not-found";
import { CLUB_TABS, type ClubSearch, type ClubTab, postParam } from "./-lib/club-search";
import { memberParts } from "./-lib/lazy-parts";

/**
 * `/clubs/{id}`: one club. The tab is in the URL (`?tab=members`), so every tab is a real link
 * that also works without JavaScript. Signed in, the loader re-runs after hydration with the
 * token and the response adds can_edit and request_pending. `?post=<id>` opens that post (the
 * shared post dialog; without JavaScript the server shows it in the page): the loader takes it
 * from the Posts list when there, else fetches it; `openPost` is null when it does not exist
 * (or belongs to another club).
 */
export const clubDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/clubs/$clubId",
  validateSearch: (search: Record<string, unknown>): ClubSearch => ({
    tab:
      CLUB_TABS.includes(search.tab as ClubTab) && search.tab !== "overview"
        ? (search.tab as ClubTab)
        : undefined,
    post: postParam(search.post),
  }),
  // Only the Posts tab needs more data: switching between the other tabs reuses the club.
  loaderDeps: ({ search }) => ({ posts: search.tab === "posts", post: search.post }),
  // Keep the page (and the focused tab) on screen while a tab's data loads.
  pendingMs: 2000,
  loader: async ({ context, params, deps }) => {
    const empty = {
      club: null,
      error: null as string | null,
      posts: null as FeedPost[] | null,
      openPost: null as FeedPost | null,
      nextEvent: null as FeedPost | null,
    };
    if (!/^\d{1,10}$/.test(params.clubId)) throw notFound();
    // A page for a signed-in person holds the member tools: their code comes with the data
    // (a guest's page never loads it; the server must have it to render them).
    // A failure here is left to the parts themselves, which load again when drawn.
    const parts = context.page.user ? memberParts.load(context.queries).catch(() => {}) : null;
    // The Posts tab's list loads with the club; a failing posts call shows as empty.
    const posts = deps.posts
      ? context.api
          .get<FeedPost[]>(`/api/clubs/${params.clubId}/posts?limit=50`)
          .catch(() => [] as FeedPost[])
      : Promise.resolve(null);
    const openPost = (async () => {
      if (!deps.post) return null;
      const listed = (await posts)?.find((p) => p.id === deps.post);
      if (listed) return listed;
      const post = await context.api.get<FeedPost>(`/api/posts/${deps.post}`).catch(() => null);
      return post && String(post.club_id) === params.clubId ? post : null;
    })();
    // The next event under the header; a failing call just leaves it out.
    const nextEvent = context.api
      .get<FeedPost[]>(
        `/api/clubs/${params.clubId}/events?from=${encodeURIComponent(new Date().toISOString())}&limit=1`,
      )
      .then((events) => events[0] ?? null)
      .catch(() => null);
    try {
      const club = await context.api.get<ClubDetail>(`/api/clubs/${params.clubId}`, {
        fallback: m.clubPage.failed,
      });
      await parts;
      return { club, error: null, posts: await posts, openPost: await openPost, nextEvent: await nextEvent };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      return { ...empty, error: (error as Error).message || m.clubPage.failed };
    }
  },
  head: ({ loaderData, match, params }) => {
    const club = loaderData?.club;
    if (!club) return pageTitle(m.clubPage.notFound);
    return sharedPageHead(match.context.site, {
      title: club.name,
      description: club.description || m.meta.description,
      path: `/clubs/${params.clubId}`,
      image: club.image_url,
    });
  },
  component: lazyRouteComponent(() => import("./club-detail-page"), "ClubDetailPage"),
  notFoundComponent: ClubNotFound,
});
