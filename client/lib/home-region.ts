import { useEffect, useRef } from "react";
import type { Interests } from "../../common/api/interests";
import type { Region } from "../../common/enums";
import { useSession } from "../components/session-provider";
import { INTERESTS_KEY } from "./interest-keys";
import type { RegionFilter } from "./region-filter";
import { useResource } from "./use-resource";

/*
 * The signed-in side of the region filter (./region-filter.ts), apart from it: the /clubs and
 * /events routes, in the entry every public page downloads, check the URL with region-filter.ts
 * alone, and these hooks (TanStack Query through useResource) load with the pages.
 */

/**
 * A signed-in person's own region: the one saved with their interests, else their profile's
 * (as "Para ti" ranks). null when they have none; undefined while it loads or for a guest.
 */
export function useHomeRegion(): Region | null | undefined {
  const { user } = useSession();
  const interests = useResource(INTERESTS_KEY, (api) => api.get<Interests>("/api/users/me/interests"), {
    enabled: !!user,
  });
  const profile = useResource(["users", "me"], (api) => api.get<{ region: Region | null }>("/api/users/me"), {
    enabled: !!user,
  });
  if (!user) return undefined;
  if (interests.data?.region) return interests.data.region;
  if (interests.error || profile.error) return null;
  if (!interests.data || !profile.data) return undefined;
  return profile.data.region ?? null;
}

/**
 * Fills in a signed-in person's own region once, when the URL names none (a guest, "all" or a
 * region already chosen are left alone), replacing the history entry so Back leaves the page.
 * A component, rendered only for a signed-in person: the page's server render (guests) has no
 * data client to ask.
 */
export function DefaultRegion({
  region,
  apply,
}: {
  region: RegionFilter | undefined;
  apply: (home: Region) => unknown;
}) {
  const home = useHomeRegion();
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || region !== undefined || !home) return;
    applied.current = true;
    void apply(home);
  }, [region, home, apply]);
  return null;
}
