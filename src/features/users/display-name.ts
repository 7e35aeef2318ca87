import { cleanNameText } from "../../../common/reserved-names";

/**
 * "First Last" when the person gave a name, else their username, else `fallback` (a deleted
 * author). Invisible and direction-changing characters are dropped here too, for names saved
 * before profiles refused them (see common/reserved-names.ts).
 */
export function displayName(
  user: { username: string | null; firstName: string | null; lastName: string | null },
  fallback = "",
): string {
  // Written out rather than map/filter/join: this runs once per member of a club page (up to 500).
  const first = user.firstName ? cleanNameText(user.firstName) : "";
  const last = user.lastName ? cleanNameText(user.lastName) : "";
  const name = first && last ? `${first} ${last}` : first || last;
  return name || user.username || fallback;
}
