import { eq, sql } from "drizzle-orm";
import type { Region } from "../../../common/enums";
import { userInterests, users } from "../../../db/schema";
import type { Database, Executor } from "../../lib/database/client";

export type InterestsRow = {
  tags: string[];
  region: Region | null;
  school: string | null;
  updatedAt: Date | null;
};

export async function selectInterests(db: Executor, userId: number): Promise<InterestsRow | null> {
  const rows = await db
    .select({
      tags: userInterests.tags,
      region: userInterests.region,
      school: userInterests.school,
      updatedAt: userInterests.updatedAt,
    })
    .from(userInterests)
    .where(eq(userInterests.userId, userId));
  return rows[0] ?? null;
}

/** The profile's region and school: what suggestions use before the person picks interests. */
export async function selectProfilePlace(db: Executor, userId: number) {
  const rows = await db
    .select({ region: users.region, school: users.school })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0] ?? { region: null, school: null };
}

export async function upsertInterests(
  db: Executor,
  userId: number,
  values: { tags: string[]; region: Region | null; school: string | null },
) {
  await db
    .insert(userInterests)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userInterests.userId, set: { ...values, updatedAt: sql`now()` } });
}

/**
 * The clubs' own spelling of each folded tag that some club uses (club_tag_counts, kept by a
 * trigger on clubs, migration 0015), so interests match what clubs carry.
 */
export async function selectKnownTags(db: Database, folded: string[]): Promise<Map<string, string>> {
  if (folded.length === 0) return new Map();
  const rows = await db.execute<{ folded: string; tag: string }>(
    sql`select folded, tag from club_tag_counts where folded = any(${sql.param(folded)}::text[]) and clubs > 0`,
  );
  return new Map(rows.map((r) => [r.folded, r.tag]));
}

export type SuggestionRow = {
  id: number;
  name: string;
  description: string;
  tags: string;
  region: Region | null;
  imageId: string | null;
  profileImageId: string | null;
  memberCount: number;
  isOpen: boolean;
  coverPositionX: number;
  coverPositionY: number;
  sharedTags: string[];
  regionMatch: boolean;
  schoolMatch: boolean;
};

/**
 * Open clubs that match at least one rule, never one the person owns, belongs to or has a
 * pending request with. Order: her region first (a club she can reach; issue 50), then shared
 * tags, school, recent activity and id, so
 * the same data always gives the same list. `folded` tags and `school` are folded as the
 * database folds (f_unaccent(lower(trim()))). A school matches when a member of the club gave
 * the same school on their profile.
 */
export async function selectSuggestedClubs(
  db: Database,
  options: { userId: number; folded: string[]; region: Region | null; school: string | null; limit: number },
): Promise<SuggestionRow[]> {
  const { userId, folded, region, school, limit } = options;
  const rows = await db.execute<SuggestionRow>(sql`
    select * from (
      select c.id, c.name, c.description, c.tags, c.region,
        c.image_id as "imageId", c.profile_image_id as "profileImageId",
        c.member_count as "memberCount", c.is_open as "isOpen",
        c.cover_position_x as "coverPositionX", c.cover_position_y as "coverPositionY",
        c.last_activity_at as "lastActivityAt",
        array(select t from club_tags_folded(c.tags) t where t = any(${sql.param(folded)}::text[]) order by t)
          as "sharedTags",
        coalesce(c.region::text = ${region}::text, false) as "regionMatch",
        (${school}::text is not null and exists (
          select 1 from club_members cm join users u on u.id = cm.user_id
          where cm.club_id = c.id and f_unaccent(lower(trim(u.school))) = ${school}::text
        )) as "schoolMatch"
      from clubs c
      where c.is_open
        and c.owner_id is distinct from ${userId}
        and not exists (select 1 from club_members m where m.club_id = c.id and m.user_id = ${userId})
        and not exists (select 1 from connection_requests r where r.club_id = c.id and r.user_id = ${userId})
    ) s
    where cardinality(s."sharedTags") > 0 or s."regionMatch" or s."schoolMatch"
    order by s."regionMatch" desc, cardinality(s."sharedTags") desc, s."schoolMatch" desc,
      s."lastActivityAt" desc, s.id
    limit ${limit}`);
  return [...rows];
}
