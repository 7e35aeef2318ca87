import type { UpcomingPage } from "../../../../common/api/events";
import type { FeedPost } from "../../../../common/api/posts";
import type { Profile } from "../../../../common/api/users";
import type { FeedSort } from "../../../../common/enums";
import type { RouterContext } from "../../root";
import { FEED_PAGE, feedKey, feedUrl } from "./feed-page";

/**
 * On the server, for a page rendered signed in (issue 50): /home's first answers, put in the
 * query cache under the keys its screens read (the feed's first page, the profile that says
 * whether the reader is new, the upcoming-events strip and its notices), so the HTML carries the
 * feed and the browser hydrates it without asking again. A failed call leaves its part to load
 * in the browser, as before. In the browser the screens load their own data (nothing here).
 */
export async function prefetchHome({ api, queries }: RouterContext, sort: FeedSort): Promise<void> {
  const client = await queries.load();
  await Promise.all([
    client.prefetchQuery({
      queryKey: feedKey(sort),
      queryFn: async () => {
        const posts = await api.get<FeedPost[]>(feedUrl(sort, FEED_PAGE, 0));
        return { posts, hasMore: posts.length === FEED_PAGE };
      },
    }),
    client.prefetchQuery({ queryKey: ["users", "me"], queryFn: () => api.get<Profile>("/api/users/me") }),
    client.prefetchQuery({
      queryKey: ["events", "upcoming"],
      queryFn: () => api.get<UpcomingPage>("/api/events/upcoming?scope=mine&limit=10"),
    }),
    client.prefetchQuery({
      queryKey: ["notifications", "notices"],
      queryFn: () => api.get("/api/notifications/notices?limit=20"),
    }),
  ]);
}
