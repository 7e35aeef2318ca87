/** "First Last" when the person gave a name, else their username, else `fallback` (a deleted author). */
export function displayName(
  user: { username: string | null; firstName: string | null; lastName: string | null },
  fallback = "",
): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || user.username || fallback;
}
