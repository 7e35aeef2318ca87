/** "First Last" when the person gave a name, else their username, else `fallback` (a deleted author). */
export function displayName(
  user: { username: string | null; firstName: string | null; lastName: string | null },
  fallback = "",
): string {
  // Written out rather than map/filter/join: this runs once per member of a club page (up to 500).
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  const name = first && last ? `${first} ${last}` : first || last;
  return name || user.username || fallback;
}
