import { sql } from "drizzle-orm";
import { clubMembers, clubs } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** Of `userIds`, those who are members of the club or own it (who may see its polls' counts). */
export async function selectClubAudience(db: Executor, clubId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const ids = sql.raw(`'{${userIds.map((id) => Math.trunc(id)).join(",")}}'::int[]`);
  const rows = await db.execute<{ user_id: number }>(sql`
    select user_id from ${clubMembers} where club_id = ${clubId} and user_id = any(${ids})
    union
    select owner_id from ${clubs} where id = ${clubId} and owner_id = any(${ids})`);
  return rows.map((row) => Number(row.user_id));
}
