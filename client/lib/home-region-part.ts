import { lazyParts } from "./lazy-parts";

/**
 * The signed-in side of the region filter (./home-region.ts, TanStack Query through
 * useResource) for a loader-only page (./full-app.ts): `/events` draws it once the page has
 * hydrated and the session is read, so a guest's download leaves it and the query cache out.
 */
export const homeRegionPart = lazyParts(() => import("./home-region"));
