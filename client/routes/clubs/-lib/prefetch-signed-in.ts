import type { Interests, SuggestedClub } from "../../../../common/api/interests";
import type { Region } from "../../../../common/enums";
import { INTERESTS_KEY, SUGGESTED_KEY } from "../../../lib/interest-keys";
import type { RouterContext } from "../../root";

/** "Para ti" above the list (clubs-page.tsx) shows this many. */
export const SUGGESTIONS_ABOVE_LIST = 3;

/**
 * On the server, for /clubs rendered signed in (issue 50): what the page's signed-in parts
 * read, put in the query cache under their keys, so the HTML already has "Para ti" above the
 * list and the browser hydrates it without asking again: the person's interests and profile
 * (their home region, lib/region-filter.ts) and, on the list's plain first page, the
 * suggestions. Returns the home region (interests first, then profile; null for none).
 */
export async function prefetchSignedInClubs(
  { api, queries }: RouterContext,
  { suggestions }: { suggestions: boolean },
): Promise<Region | null> {
  const client = await queries.load();
  await Promise.all([
    client.prefetchQuery({
      queryKey: INTERESTS_KEY,
      queryFn: () => api.get<Interests>("/api/users/me/interests"),
    }),
    client.prefetchQuery({
      queryKey: ["users", "me"],
      queryFn: () => api.get<{ region: Region | null }>("/api/users/me"),
    }),
    suggestions
      ? client.prefetchQuery({
          queryKey: [...SUGGESTED_KEY, SUGGESTIONS_ABOVE_LIST],
          queryFn: () => api.get<SuggestedClub[]>(`/api/clubs/suggested?limit=${SUGGESTIONS_ABOVE_LIST}`),
        })
      : null,
  ]);
  const interests = client.getQueryData<Interests>(INTERESTS_KEY);
  const profile = client.getQueryData<{ region: Region | null }>(["users", "me"]);
  return interests?.region ?? profile?.region ?? null;
}
