import { collapse, fold, skeletonOf } from "./name-skeleton";

/**
 * The comparison form of a name: folded (lower case, no accents, compatibility forms and
 * Cyrillic/Greek look-alikes unified, invisibles removed), leetspeak mapped to letters
 * (0→o, 1→i, 3→e, 4→a, 5→s, 7→t, @→a, $→s), "l" read as "i", "rn" as "m", "vv" as "w",
 * repeated letters collapsed. Anything else (separators, spaces, other scripts' letters) is
 * kept. `nameSkeleton("Adm1n_ClubNica")` is "admin_ciubnica".
 */
export function nameSkeleton(value: string): string {
  return collapse(skeletonOf(fold(value)));
}
