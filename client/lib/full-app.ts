import { loadAllMessages } from "../../common/messages";
import type { QueryLayer } from "./query-layer";

/**
 * The pages a visitor most often lands on render from their route loaders alone, so their first
 * download leaves out what only the other screens use: TanStack Query (./query-layer.tsx) and
 * the catalogue areas no code of theirs reads (scripts/build/catalogue-files.ts). Every other
 * page gets both before it renders: the root route's beforeLoad on a navigation, the browser
 * entry before hydrating.
 */
export const LOADER_ONLY_PAGES: ReadonlySet<string> = new Set(["/", "/clubs"]);

export function needsFullApp(pathname: string): boolean {
  return !LOADER_ONLY_PAGES.has(pathname.replace(/(.)\/+$/, "$1"));
}

export async function loadFullApp(queries: QueryLayer): Promise<void> {
  await Promise.all([queries.load(), loadAllMessages()]);
}
