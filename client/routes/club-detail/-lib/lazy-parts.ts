import { lazyParts } from "../../../lib/lazy-parts";
import type { QueryLayer } from "../../../lib/query-layer";

/**
 * The club page's code a guest's first visit does not run (issue 50): the member tools, and
 * what opens on a tap or after hydrating (the post dialog, a poll's live box, the join
 * questions). Each loads with TanStack Query and the whole catalogue (client/lib/lazy-parts.tsx).
 */
export const memberParts = lazyParts(() => import("../-components/member-parts"));
export const postDialog = lazyParts(() => import("../../../components/post/post-modal"));
export const pollBox = lazyParts(() => import("../../../components/post/poll-box"));
export const joinDialog = lazyParts(() => import("../-components/join-questions-dialog"));

/**
 * Before a page the server rendered for a signed-in person hydrates (client/router.tsx): on a
 * club page, its member tools, so the browser's first render draws what the HTML holds.
 */
export function loadSignedInClubParts(pathname: string, queries: QueryLayer): Promise<void> {
  return /^\/clubs\/\d{1,10}\/?$/.test(pathname) ? memberParts.load(queries) : Promise.resolve();
}
