import { type SQL, sql } from "drizzle-orm";
import { BADGE_NOTICE_KINDS } from "../../../common/api/notices";
import type { Executor } from "../../lib/database/client";

/** A stored notice as its writer and the renderer see it. */
export type NoticeRow = {
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
  /** The recipient has a subscribed browser: the notice may become a push. */
  pushable: boolean;
  /** A mention's message (bigint: postgres.js may give it as a string; toListRow makes it a number). */
  messageId?: number | null;
};

export type NoticeFields = {
  kind: string;
  actorId?: number | null;
  clubId?: number | null;
  postId?: number | null;
  until?: Date | null;
  role?: string | null;
};

// Both statements name their table `n`. `pushable` lets the caller queue a push job only when
// someone could receive it (most notices, and most tests, need none).
const returning = sql`returning id, user_id as "userId", kind, actor_id as "actorId", club_id as "clubId",
  post_id as "postId", conversation_key as "conversationKey", count, until, role, muted,
  exists (select 1 from push_subscriptions ps where ps.user_id = n.user_id) as pushable,
  message_id as "messageId"`;

/**
 * Whether recipient `r.id` muted the notice's club in their settings (the notice is still
 * stored; push and e-mail skip it).
 */
function mutedFor(clubId: number | null | undefined): SQL {
  if (clubId == null) return sql`false`;
  return sql`coalesce((select (s.settings -> 'muted_clubs') @> to_jsonb(${clubId}::int)
    from user_notification_settings s where s.user_id = r.id), false)`;
}

/**
 * Stores one notice per recipient in one INSERT … SELECT: `recipients` is a query of user ids
 * (`select … as id`). Never for the actor; never for a recipient who blocked the actor.
 */
export async function insertNoticesFor(
  db: Executor,
  recipients: SQL,
  notice: NoticeFields,
): Promise<NoticeRow[]> {
  const actor = notice.actorId ?? null;
  const rows = await db.execute<NoticeRow>(sql`
    insert into user_notices as n (user_id, kind, actor_id, club_id, post_id, until, role, muted)
    select r.id, ${notice.kind}, ${actor}::int, ${notice.clubId ?? null}::int, ${notice.postId ?? null}::int,
      ${notice.until?.toISOString() ?? null}::timestamptz, ${notice.role ?? null}, ${mutedFor(notice.clubId)}
    from (${recipients}) r
    where r.id is distinct from ${actor}::int
      and not exists (select 1 from user_blocks b where b.blocker_id = r.id and b.blocked_id = ${actor}::int)
    ${returning}`);
  return [...rows];
}

/** The recipients query for a list of user ids. */
export function userIdList(ids: number[]): SQL {
  return sql`select unnest(${`{${ids.join(",")}}`}::int[]) as id`;
}

/** The members of a club (not its owner, who hears through other kinds). */
export function clubMemberIds(clubId: number): SQL {
  return sql`select cm.user_id as id from club_members cm where cm.club_id = ${clubId}`;
}

/** The members of a club and its owner (an aviso reaches both). */
export function clubMemberAndOwnerIds(clubId: number): SQL {
  return sql`${clubMemberIds(clubId)} union ${clubOwnerId(clubId)}`;
}

/** The club's owner. */
export function clubOwnerId(clubId: number): SQL {
  return sql`select c.owner_id as id from clubs c where c.id = ${clubId} and c.owner_id is not null`;
}

/** Seconds since the read mark moved within which a person counts as in the chat. */
export const PRESENT_SECONDS = 10;

/**
 * A chat message's notices, coalesced: a recipient with an unread notice for the conversation
 * gets its count raised (one row per conversation while unread, the partial unique index
 * user_notices_open_conversation_key), others get a new one. `recipients` as insertNoticesFor.
 * A recipient whose read mark moved within `presentSeconds` is in the chat (it polls every 2 s
 * and marks read): no notice for them. (One who sits in a quiet chat gets the notice, and reads
 * it with the next poll.) `inChat`: people known to be in the chat another way, whose read
 * mark the live delivery of this very message moves (src/features/live: its settled followers):
 * no notice for them either, and none of the per-member checks (docs/capacity.md).
 */
export async function upsertChatNotices(db: Executor, params: ChatNoticeParams): Promise<NoticeRow[]> {
  return [...(await db.execute<NoticeRow>(chatNoticesStatement(params)))];
}

export type ChatNoticeParams = Parameters<typeof chatNoticesStatement>[0];

/**
 * upsertChatNotices' statement, for a caller that runs it inside a statement of its own (a club
 * message's insert, as a CTE). `onlyIf`: a condition on the whole statement, which also makes it
 * run after what the condition reads.
 */
export function chatNoticesStatement({
  recipients,
  kind,
  actorId,
  clubId,
  conversationKey,
  presentSeconds,
  clubMuteApplies = true,
  inChat = [],
  onlyIf,
}: {
  recipients: SQL;
  kind: string;
  actorId: number;
  clubId: number | null;
  conversationKey: string;
  presentSeconds: number;
  /** False for a kind that muting the club does not silence (MUTE_PIERCING_KINDS). */
  clubMuteApplies?: boolean;
  inChat?: readonly number[];
  onlyIf?: SQL;
}): SQL {
  const muted = clubMuteApplies ? mutedFor(clubId) : sql`false`;
  // `<> all` of a constant array is hashed by PostgreSQL (15+), and filters the members before
  // the anti-joins, so a club of 2,000 live followers costs no probe per member.
  const notInChat = inChat.length > 0 ? sql`and r.id <> all(${`{${inChat.join(",")}}`}::int[])` : sql``;
  return sql`
    insert into user_notices as n (user_id, kind, actor_id, club_id, conversation_key, muted)
    select r.id, ${kind}, ${actorId}::int, ${clubId}::int, ${conversationKey}, ${muted}
    from (${recipients}) r
    where r.id <> ${actorId}::int ${notInChat} ${onlyIf ? sql`and ${onlyIf}` : sql``}
      and not exists (select 1 from user_blocks b where b.blocker_id = r.id and b.blocked_id = ${actorId}::int)
      and not exists (select 1 from conversation_reads cr
        where cr.user_id = r.id and cr.conversation_key = ${conversationKey} and cr.last_read_id > 0
          and cr.updated_at > now() - make_interval(secs => ${presentSeconds}))
    on conflict (user_id, conversation_key) where read_at is null and conversation_key is not null
    do update set count = n.count + 1, actor_id = excluded.actor_id, updated_at = now()
    ${returning}`;
}

/** Reading a chat reads its notice. */
export async function markConversationRead(db: Executor, userId: number, conversationKey: string) {
  await db.execute(sql`update user_notices set read_at = now()
    where user_id = ${userId} and conversation_key = ${conversationKey} and read_at is null`);
}

/**
 * A join request was answered (accepted, declined or withdrawn): the notices announcing it are
 * read for whoever got them, so the bell drops with the Requests tab and the menu's number.
 */
export async function markJoinRequestNoticesRead(
  db: Executor,
  { clubId, requesterId }: { clubId: number; requesterId: number },
) {
  // Only the club's owner gets these (notifyClubOwner); naming them keeps to the unread index.
  await db.execute(sql`update user_notices set read_at = now()
    where user_id in (select owner_id from clubs where id = ${clubId} and owner_id is not null)
      and read_at is null and kind = 'join_request' and club_id = ${clubId} and actor_id = ${requesterId}`);
}

/** The same for several people at once (a club message the live connection delivered to them). */
export async function markConversationReadFor(db: Executor, userIds: number[], conversationKey: string) {
  if (userIds.length === 0) return;
  await db.execute(sql`update user_notices set read_at = now()
    where user_id in (select unnest(${`{${userIds.join(",")}}`}::int[]))
      and conversation_key = ${conversationKey} and read_at is null`);
}

/**
 * The bell's numbers in one statement: unread notices (partial index user_notices_unread_idx)
 * and the join requests waiting for the caller's decision (clubs they own while they hold the
 * owner role, or where they are an officer with accept_requests; every club for admins), the
 * same rule as the spec's badge.
 */
export async function countNoticesAndRequests(
  db: Executor,
  { userId, role }: { userId: number; role: string },
): Promise<{ unread: number; joinRequests: number; connectionNotices: number; ownedClubIds: number[] }> {
  // Clubs whose requests wait for this person (as the badge): owned while they hold the owner
  // role, or where they are an officer with accept_requests (issue 49).
  const officerClub = sql`exists (select 1 from club_officers o where o.club_id = c.id
    and o.user_id = ${userId} and 'accept_requests' = any(o.permissions))`;
  const decides = role === "owner" ? sql`(c.owner_id = ${userId} or ${officerClub})` : officerClub;
  const requests =
    role === "admin"
      ? sql`(select count(*) from connection_requests)`
      : sql`(select count(*) from connection_requests cr join clubs c on c.id = cr.club_id
            where ${decides} and not exists (select 1 from user_blocks b
              where b.blocker_id = ${userId} and b.blocked_id = cr.user_id))`;
  // Those clubs too: their requests change with their clubs' change keys (poll memory).
  const owned =
    role === "admin"
      ? sql`'{}'::int[]`
      : sql`(select coalesce(array_agg(c.id), '{}') from clubs c where ${decides})`;
  const rows = await db.execute<{
    unread: number;
    join_requests: number;
    connection_notices: number;
    owned_club_ids: number[];
  }>(sql`
    select (select count(*) from user_notices n where n.user_id = ${userId} and n.read_at is null)::int as unread,
      ${requests}::int as join_requests,
      (select count(*) from user_notices n where n.user_id = ${userId} and n.seen_at is null
        and n.kind in (${sql.join(
          BADGE_NOTICE_KINDS.map((kind) => sql`${kind}`),
          sql`, `,
        )}))::int as connection_notices,
      ${owned} as owned_club_ids`);
  return {
    unread: Number(rows[0]?.unread ?? 0),
    joinRequests: Number(rows[0]?.join_requests ?? 0),
    connectionNotices: Number(rows[0]?.connection_notices ?? 0),
    ownedClubIds: (rows[0]?.owned_club_ids ?? []).map(Number),
  };
}

/** The club a post belongs to. */
export async function findPostClubId(db: Executor, postId: number): Promise<number | null> {
  const rows = await db.execute<{ club_id: number }>(sql`select club_id from posts where id = ${postId}`);
  return rows[0]?.club_id ?? null;
}

/** How many members a club has (its kept count). */
export async function countClubMembers(db: Executor, clubId: number): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`select member_count as n from clubs where id = ${clubId}`);
  return Number(rows[0]?.n ?? 0);
}
