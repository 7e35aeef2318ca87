import { sql } from "drizzle-orm";
import type { Executor } from "../../lib/database/client";
import type { NoticeRow } from "./queries";

/** The notification centre's list: its rows with the names and pictures they show, and reading them. */

export type NoticeListRow = NoticeRow & {
  clubName: string | null;
  clubImageId: string | null;
  actorName: string | null;
  actorPictureId: string | null;
  postTitle: string | null;
  /** A mention's message is an aviso (its path opens the club's Avisos, not its chat). */
  inAnnouncements: boolean;
  readAt: Date | null;
  seenAt: Date | null;
  updatedAt: Date;
};

/** A notice with the names and pictures it shows, as the list and a push render it. */
const listedNotice = sql`
  select n.id, n.user_id as "userId", n.kind, n.actor_id as "actorId", n.club_id as "clubId",
    n.post_id as "postId", n.conversation_key as "conversationKey", n.count, n.until, n.role, n.muted,
    n.message_id as "messageId",
    n.read_at as "readAt", n.seen_at as "seenAt", n.updated_at as "updatedAt",
    c.name as "clubName", coalesce(c.profile_image_id, c.image_id) as "clubImageId",
    nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '') as "actorFullName",
    a.username as "actorUsername", a.profile_picture_id as "actorPictureId",
    nullif(trim(p.title), '') as "postTitle",
    coalesce(msg.announcement_club_id is not null, false) as "inAnnouncements"
  from user_notices n
  left join clubs c on c.id = n.club_id
  left join users a on a.id = n.actor_id
  left join posts p on p.id = n.post_id
  left join messages msg on msg.id = n.message_id`;

type RawListRow = NoticeListRow & { actorFullName: string | null; actorUsername: string | null };

function toListRow(raw: RawListRow): NoticeListRow {
  return {
    ...raw,
    actorName: raw.actorFullName ?? raw.actorUsername,
    messageId: raw.messageId == null ? null : Number(raw.messageId),
    until: raw.until ? new Date(raw.until) : null,
    readAt: raw.readAt ? new Date(raw.readAt) : null,
    seenAt: raw.seenAt ? new Date(raw.seenAt) : null,
    updatedAt: new Date(raw.updatedAt),
  };
}

/**
 * A page of the reader's notices, latest change first; `before` continues after that notice
 * (keyset on (updated_at, id), the user_notices_list_idx index).
 */
export async function selectNoticePage(
  db: Executor,
  { userId, limit, before }: { userId: number; limit: number; before?: number },
): Promise<NoticeListRow[]> {
  const after = before
    ? sql`and (n.updated_at, n.id) < (select b.updated_at, b.id from user_notices b
        where b.id = ${before} and b.user_id = ${userId})`
    : sql``;
  const rows = await db.execute<RawListRow>(sql`
    ${listedNotice}
    where n.user_id = ${userId} ${after}
    order by n.updated_at desc, n.id desc
    limit ${limit}`);
  return [...rows].map(toListRow);
}

/** The notices with these ids as the list shows them (a push renders the same line). */
export async function selectNoticesByIds(db: Executor, ids: number[]): Promise<NoticeListRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<RawListRow>(sql`
    ${listedNotice}
    where n.id in (select unnest(${`{${ids.join(",")}}`}::int[]))`);
  return [...rows].map(toListRow);
}

/** Marks one of the reader's notices read; false when it is not theirs (or does not exist). */
/**
 * Read in the centre is seen too: a notice the Connections badge counts until seen (a decision
 * on the person's request, a moved event) leaves the menu's number with the bell's.
 */
export async function markNoticeRead(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db.execute(sql`update user_notices
    set read_at = coalesce(read_at, now()), seen_at = coalesce(seen_at, now())
    where id = ${id} and user_id = ${userId} returning id`);
  return rows.length > 0;
}

export async function markAllNoticesRead(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`update user_notices set read_at = coalesce(read_at, now()), seen_at = coalesce(seen_at, now())
    where user_id = ${userId} and (read_at is null or seen_at is null)`);
}
