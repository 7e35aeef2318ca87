import { asc, eq, or, sql } from "drizzle-orm";
import { clubOfficers, clubs, clubTransfers, polls, pollVotes } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";
import { selectOwnRows } from "./own-rows-queries";

/**
 * The person's part in running clubs (issue 49): their officer roles, the handovers they gave,
 * were offered or offered as an admin, and the polls they created. Other people appear only as
 * ids, and a poll's voters never appear at all (counts only, anonymous or not).
 */

export function selectOfficerRoles(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: {
      clubId: clubs.id,
      clubName: clubs.name,
      title: clubOfficers.title,
      permissions: clubOfficers.permissions,
      createdAt: clubOfficers.createdAt,
      updatedAt: clubOfficers.updatedAt,
    },
    from: clubOfficers,
    join: { table: clubs, on: eq(clubs.id, clubOfficers.clubId) },
    owner: clubOfficers.userId,
    order: clubOfficers.createdAt,
  });
}

export async function selectHandovers(db: Executor, userId: number) {
  return await db
    .select({
      id: clubTransfers.id,
      clubId: clubTransfers.clubId,
      clubName: clubs.name,
      fromUserId: clubTransfers.fromUserId,
      toUserId: clubTransfers.toUserId,
      offeredBy: clubTransfers.offeredBy,
      status: clubTransfers.status,
      previousOwnerTitle: clubTransfers.previousOwnerTitle,
      previousOwnerPermissions: clubTransfers.previousOwnerPermissions,
      previousOwnerLeaves: clubTransfers.previousOwnerLeaves,
      createdAt: clubTransfers.createdAt,
      decidedAt: clubTransfers.decidedAt,
    })
    .from(clubTransfers)
    .innerJoin(clubs, eq(clubs.id, clubTransfers.clubId))
    .where(
      or(
        eq(clubTransfers.fromUserId, userId),
        eq(clubTransfers.toUserId, userId),
        eq(clubTransfers.offeredBy, userId),
      ),
    )
    .orderBy(asc(clubTransfers.id));
}

/** The polls the person created, with each option's count and the number of voters: never who. */
export async function selectCreatedPolls(db: Executor, userId: number) {
  return await db
    .select({
      id: polls.id,
      clubId: polls.clubId,
      question: polls.question,
      options: polls.options,
      multiple: polls.multiple,
      anonymous: polls.anonymous,
      closesAt: polls.closesAt,
      closedAt: polls.closedAt,
      createdAt: polls.createdAt,
      votes: sql<number[]>`coalesce((
        select array_agg(coalesce((
          select count(*)::int from ${pollVotes} v where v.poll_id = ${polls.id} and o.idx - 1 = any(v.choices)
        ), 0) order by o.idx)
        from generate_subscripts(${polls.options}, 1) as o(idx)), '{}'::int[])`,
      totalVoters: sql<number>`(select count(*)::int from ${pollVotes} v where v.poll_id = ${polls.id})`,
    })
    .from(polls)
    .where(eq(polls.creatorId, userId))
    .orderBy(asc(polls.id));
}
