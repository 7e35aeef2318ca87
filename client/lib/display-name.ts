/** "First Last", else the username. */
export function displayName(user: {
  username: string;
  first_name?: string | null;
  last_name?: string | null;
}) {
  const name = [user.first_name, user.last_name]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(" ");
  return name || user.username;
}
