/** Lists of clubs kept at most this many at once (people in the same clubs share one). */
const CLUB_LISTS = 10_000;

/**
 * The clubs of each person, shared: the members of a club who belong to nothing else (most of
 * a school's students, in one or two clubs) hold the very same array, not one each.
 */
export function createClubLists() {
  const lists = new Map<string, readonly number[]>();
  return {
    of(badge: number[], bell: number[]): readonly number[] {
      const all = bell.length === 0 ? badge : [...new Set([...badge, ...bell])];
      const key = all.join(",");
      const known = lists.get(key);
      if (known) return known;
      // Forgetting them all only costs sharing: a person keeps the array they hold.
      if (lists.size >= CLUB_LISTS) lists.clear();
      lists.set(key, all);
      return all;
    },
  };
}
