/**
 * The hot statements: the few that run raw postgres.js (`db.$client`) instead of drizzle. Every
 * other statement goes through drizzle's builder or `db.execute(sql…)` with the schema's table
 * objects; `bun run lint` (scripts/check-shape.ts) fails on `$client` anywhere else but the
 * chat's hot-queries.ts and the connection's plumbing.
 *
 * Why raw: a statement polled by every open tab (the badge every 10 s) is sent as a named
 * prepared statement, so PostgreSQL parses and plans it once per connection instead of once per
 * poll, and its shape is built without drizzle's per-call SQL assembly. Measured by
 * `bun scripts/bench/polls.ts` (statements per poll and CPU per request, the badge among the
 * three all-day polls); drizzle's `db.execute` cannot name a statement.
 *
 * The chat's polls (its pages and conversation list) are the other hot statements:
 * src/features/chat/hot-queries.ts, with their figures (scripts/bench/chat-prepared.ts).
 */
import { BADGE_NOTICE_KINDS } from "../../../common/api/notices";
import type { Role } from "../../../db/schema/types";
import type { Database } from "./client";

// BADGE_NOTICE_KINDS: the notice kinds the badge counted before the notification centre
// existed; only these count, so the spec's number keeps its meaning. Sent as one array
// parameter: postgres.js's list helper (`in ${pg(list)}`) searches the whole statement text
// built so far with eight keyword patterns on every call, 3 % of the app's CPU while the live
// connection re-read badges at 10,000 sockets (docs/capacity.md, "The badge's kinds").
const BADGE_KINDS: string[] = [...BADGE_NOTICE_KINDS];

/**
 * The Connections badge in one statement (polled every 10 s by every signed-in tab):
 *   unread direct messages (per partner row in conversation_reads, walking messages_direct_idx
 *   from the read mark)
 * + unread club-chat messages in clubs the user is a member of and does not own
 * + connection requests waiting for the user's decision (clubs they own while they hold the owner
 *   role: a demoted owner no longer decides, so no longer counts them; clubs where they are an
 *   officer with accept_requests, whatever their role; every club for admins)
 *   (conversations and senders hidden by a block are not counted, as the chat does not show them)
 *   (messages a watched word holds are not counted: approval gives them a new id, counted then)
 * + notices not yet seen (decisions on the user's own requests, event changes, reports acted on:
 *   BADGE_NOTICE_KINDS; the notification centre's other kinds never count here).
 * Each conversation contributes at most `unreadCap`, which bounds the work per conversation.
 * Also returns the clubs the user is a member or the owner of: the badge memory depends on them.
 * A postgres.js prepared statement, so PostgreSQL does not re-plan it on every poll.
 */
export async function countNotifications(
  db: Database,
  {
    userId,
    role,
    unreadCap,
    settledClubIds = [],
  }: {
    userId: number;
    role: Role;
    unreadCap: number;
    /**
     * Club chats left out of the count: those the live connection keeps read as it delivers
     * them (src/features/live/counts.ts). The poll leaves out none.
     */
    settledClubIds?: readonly number[];
  },
): Promise<{ total: number; clubIds: number[] }> {
  const pg = db.$client;
  // Clubs whose requests wait for this person: owned while they hold the owner role, or where
  // they are an officer with accept_requests (issue 49; the Requests tab lists the same).
  const officerClub = pg`exists (select 1 from club_officers o where o.club_id = c.id
    and o.user_id = ${userId} and 'accept_requests' = any(o.permissions))`;
  const decides = role === "owner" ? pg`(c.owner_id = ${userId} or ${officerClub})` : officerClub;
  const pendingRequests =
    role === "admin"
      ? pg`(select count(*) from connection_requests)`
      : pg`(select count(*) from connection_requests cr join clubs c on c.id = cr.club_id
          where ${decides} and not exists (select 1 from user_blocks b
            where b.blocker_id = ${userId} and b.blocked_id = cr.user_id))`;
  const rows = await pg<{ total: number; club_ids: number[] }[]>`
    select array(select cm.club_id from club_members cm where cm.user_id = ${userId}
        union select c.id from clubs c where c.owner_id = ${userId})::int[] as club_ids, (
      coalesce((
        select sum(u.n) from conversation_reads r
        cross join lateral (
          select count(*) as n from (
            select 1 from messages m
            where m.user_low = least(${userId}::int, split_part(r.conversation_key, ':', 2)::int)
              and m.user_high = greatest(${userId}::int, split_part(r.conversation_key, ':', 2)::int)
              and m.id > r.last_read_id and m.sender_id <> ${userId} and not m.held
            order by m.id limit ${unreadCap}
          ) x
        ) u
        where r.user_id = ${userId} and r.conversation_key like 'user:%'
          and not exists (select 1 from user_blocks b
            where (b.blocker_id = ${userId} and b.blocked_id = split_part(r.conversation_key, ':', 2)::int)
              or (b.blocker_id = split_part(r.conversation_key, ':', 2)::int and b.blocked_id = ${userId}))
      ), 0)
      + coalesce((
        select sum(u.n) from club_members cm
        join clubs c on c.id = cm.club_id
        left join conversation_reads r
          on r.user_id = ${userId} and r.conversation_key = 'club:' || cm.club_id
        cross join lateral (
          select count(*) as n from (
            select 1 from messages m
            where m.club_id = cm.club_id and m.id > coalesce(r.last_read_id, 0)
              and m.sender_id <> ${userId} and not m.held
              and not exists (select 1 from user_blocks b
                where b.blocker_id = ${userId} and b.blocked_id = m.sender_id)
            order by m.id limit ${unreadCap}
          ) x
        ) u
        where cm.user_id = ${userId} and c.owner_id is distinct from ${userId}
          and cm.club_id <> all(${settledClubIds as number[]}::int[])
      ), 0)
      + ${pendingRequests}
      + (select count(*) from user_notices n where n.user_id = ${userId} and n.seen_at is null
          and n.kind = any(${BADGE_KINDS}::text[]))
    )::int as total`;
  return { total: Number(rows[0]?.total ?? 0), clubIds: (rows[0]?.club_ids ?? []).map(Number) };
}
