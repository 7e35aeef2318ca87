import type { Profile } from "../../../../common/api/users";
import { useResource } from "../../../lib/use-resource";

/**
 * A member of no club yet: /home then leads with clubs chosen for them. Null until the profile
 * is known (a failed load counts as not new). Read through the profile's cache entry, which
 * /profile shares.
 */
export function useIsNewMember(): boolean | null {
  const me = useResource(["users", "me"], (api) => api.get<Profile>("/api/users/me"));
  if (me.data) return (me.data.clubs ?? []).length === 0;
  return me.error ? false : null;
}
