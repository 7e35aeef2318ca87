import { sql } from "drizzle-orm";
import type { Executor } from "../../lib/database/client";

/** Whether the club exists, who owns it and whether `userId` is a member; null for no such club. */
export async function findMemberAccess(
  db: Executor,
  { userId, clubId }: { userId: number; clubId: number },
): Promise<{ ownerId: number | null; isMember: boolean } | null> {
  const rows = await db.execute<{ owner_id: number | null; is_member: boolean }>(sql`
    select c.owner_id, exists (select 1 from club_members cm
      where cm.club_id = c.id and cm.user_id = ${userId}) as is_member
    from clubs c where c.id = ${clubId}`);
  const row = rows[0];
  return row ? { ownerId: row.owner_id, isMember: row.is_member } : null;
}

export type MemberRow = {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  pictureId: string | null;
};

/** `%` and `_` typed by a person are letters, not patterns. */
function likePrefix(q: string): string {
  return `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Members of a club whose username, first or last name (or "first last") starts with `q`,
 * usernames that start with it first, then by name. Never the viewer, nobody on either side of a
 * block with them (they could not be mentioned anyway).
 */
export async function selectMentionableMembers(
  db: Executor,
  { clubId, viewerId, q, limit }: { clubId: number; viewerId: number; q: string; limit: number },
): Promise<MemberRow[]> {
  const pattern = likePrefix(q);
  const rows = await db.execute<MemberRow>(sql`
    select u.id, u.username::text as username, u.first_name as "firstName", u.last_name as "lastName",
      u.profile_picture_id as "pictureId"
    from club_members cm join users u on u.id = cm.user_id
    where cm.club_id = ${clubId} and u.id <> ${viewerId}
      and (u.username::text ilike ${pattern} or u.first_name ilike ${pattern} or u.last_name ilike ${pattern}
        or concat_ws(' ', u.first_name, u.last_name) ilike ${pattern})
      and not exists (select 1 from user_blocks b
        where (b.blocker_id = u.id and b.blocked_id = ${viewerId}) or (b.blocker_id = ${viewerId} and b.blocked_id = u.id))
    order by (u.username::text ilike ${pattern}) desc, lower(concat_ws(' ', u.first_name, u.last_name, u.username::text)), u.id
    limit ${limit}`);
  return [...rows];
}
