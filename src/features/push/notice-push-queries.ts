import { sql } from "drizzle-orm";
import type { Executor } from "../../lib/database/client";

export type NoticeForPush = {
  id: number;
  userId: number;
  kind: string;
  actorId: number | null;
  clubId: number | null;
  postId: number | null;
  conversationKey: string | null;
  count: number;
  until: Date | null;
  role: string | null;
  muted: boolean;
  readAt: Date | null;
  clubName: string | null;
  clubImageId: string | null;
  actorName: string | null;
  actorPictureId: string | null;
  postTitle: string | null;
  locale: string | null;
};

/** The notices with `ids` as a push needs them: the names in them and the recipient's language. */
export async function selectNoticesForPush(db: Executor, ids: number[]): Promise<NoticeForPush[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<NoticeForPush & { until: string | null; readAt: string | null }>(sql`
    select n.id, n.user_id as "userId", n.kind, n.actor_id as "actorId", n.club_id as "clubId",
      n.post_id as "postId", n.conversation_key as "conversationKey", n.count, n.until, n.role, n.muted,
      n.read_at as "readAt", c.name as "clubName",
      coalesce(c.profile_image_id, c.image_id) as "clubImageId",
      coalesce(nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), ''), a.username)
        as "actorName",
      a.profile_picture_id as "actorPictureId", nullif(trim(p.title), '') as "postTitle", r.locale
    from user_notices n
    join users r on r.id = n.user_id
    left join clubs c on c.id = n.club_id
    left join users a on a.id = n.actor_id
    left join posts p on p.id = n.post_id
    where n.id in (select unnest(${`{${ids.join(",")}}`}::int[]))`);
  return [...rows].map((row) => ({
    ...row,
    until: row.until ? new Date(row.until) : null,
    readAt: row.readAt ? new Date(row.readAt) : null,
  }));
}
