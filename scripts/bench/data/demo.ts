/** Addresses in the demo seed (scripts/seed.ts) that the benchmarks visit. */

/** The id of the first club /api/clubs lists. */
export async function firstPublicClub(baseURL: string): Promise<number> {
  const clubs = (await (await fetch(`${baseURL}/api/clubs?limit=1`)).json()) as { id: number }[];
  const club = clubs[0];
  if (!club) throw new Error("no club after seeding");
  return club.id;
}
