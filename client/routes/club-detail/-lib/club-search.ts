/**
 * A club page's search params (`?tab=`, `?post=`), apart from route.ts so the page's components
 * can use them without importing the route (which lazy-loads the page: that was a cycle).
 */
export const CLUB_TABS = ["overview", "members", "connect", "posts"] as const;
export type ClubTab = (typeof CLUB_TABS)[number];
export type ClubSearch = { tab?: ClubTab; post?: number };

/** `?post=<id>`: a positive whole number, else no post. */
export function postParam(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
}
