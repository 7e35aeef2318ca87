import { loadAllMessages } from "../../common/messages";
import type { QueryLayer } from "./query-layer";

/**
 * The pages a visitor most often lands on render from their route loaders alone, so their first
 * download leaves out what only the other screens use: TanStack Query (./query-layer.tsx) and
 * the catalogue areas no code of theirs reads (scripts/build/catalogue-files.ts). Every other
 * page gets both before it renders: the root route's beforeLoad on a navigation, the browser
 * entry before hydrating. A loader-only page's parts for signed-in people (a club page's member
 * tools) load them with their own chunk (./lazy-parts.tsx). Route paths, as in createRoute.
 */
export const LOADER_ONLY_PAGES: ReadonlySet<string> = new Set(["/", "/clubs", "/clubs/$clubId", "/events"]);

/**
 * A URL path (or a route path) as the route path it renders: `/clubs/12` is `/clubs/$clubId`
 * (club ids are digits, as its loader checks; `/clubs/new` is another page).
 */
function routePath(path: string): string {
  return path.replace(/(.)\/+$/, "$1").replace(/^\/clubs\/\d{1,10}$/, "/clubs/$clubId");
}

export function needsFullApp(path: string): boolean {
  return !LOADER_ONLY_PAGES.has(routePath(path));
}

export async function loadFullApp(queries: QueryLayer): Promise<void> {
  await Promise.all([queries.load(), loadAllMessages()]);
}
