import type { SuggestedClub } from "../../../common/api/interests";
import { format, m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { toClubListItem } from "../clubs";
import { selectInterests, selectProfilePlace, selectSuggestedClubs } from "./queries";
import { foldTag } from "./service";

export const SUGGESTIONS_LIMIT = 12;

/**
 * "Para ti": open clubs ranked by the rules the person can read (region, shared tags, school),
 * then activity and id. No hidden signals: each club carries the rules that matched as its
 * reasons. Before any interests are saved, the profile's region and school stand in.
 */
export async function suggestClubs({
  db,
  userId,
  limit = SUGGESTIONS_LIMIT,
}: {
  db: Database;
  userId: number;
  limit?: number;
}): Promise<SuggestedClub[]> {
  const saved = await selectInterests(db, userId);
  const profile = await selectProfilePlace(db, userId);
  const tags = saved?.tags ?? [];
  const region = saved?.region ?? profile.region ?? null;
  const schoolText = (saved?.school ?? profile.school ?? "").trim();
  // The person's own spelling names the reason; the folded form matches the clubs'.
  const byFolded = new Map(tags.map((tag) => [foldTag(tag), tag]));
  const rows = await selectSuggestedClubs(db, {
    userId,
    folded: [...byFolded.keys()],
    region,
    school: schoolText ? foldTag(schoolText) : null,
    limit,
  });
  return rows.map((row) => ({
    ...toClubListItem(row),
    reasons: [
      ...tags
        .filter((tag) => row.sharedTags.includes(foldTag(tag)))
        .map((tag) => format(m.interests.reasonTag, { tag })),
      ...(row.regionMatch && region ? [format(m.interests.reasonRegion, { region })] : []),
      ...(row.schoolMatch ? [m.interests.reasonSchool] : []),
    ],
  }));
}
