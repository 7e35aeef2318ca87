import type { Profile } from "../../../../common/api/users";
import { useResource } from "../../../lib/use-resource";

/**
 * A member of no club yet: /home then leads with clubs chosen for them. Read through the
 * profile's cache entry, which /profile shares.
 */
export function useIsNewMember(): boolean {
  const me = useResource(["users", "me"], (api) => api.get<Profile>("/api/users/me"));
  return !!me.data && (me.data.clubs ?? []).length === 0;
}
