import { and, asc, eq, sql } from "drizzle-orm";
import { clubMembers, clubs, polls, pollVotes, posts, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export type PollRow = NonNullable<Awaited<ReturnType<typeof selectPoll>>>;

/** The poll with its club's owner and whether its post is held; `lock` for a close. */
export async function selectPoll(db: Executor, id: number, { lock = false } = {}) {
  const query = db
    .select({ poll: polls, clubOwnerId: clubs.ownerId, postHeld: posts.held, postAuthorId: posts.authorId })
    .from(polls)
    .innerJoin(clubs, eq(clubs.id, polls.clubId))
    .innerJoin(posts, eq(posts.id, polls.postId))
    .where(eq(polls.id, id))
    .limit(1);
  const rows = lock ? await query.for("update", { of: polls }) : await query;
  const row = rows[0];
  return row
    ? { ...row.poll, clubOwnerId: row.clubOwnerId, postHeld: row.postHeld, postAuthorId: row.postAuthorId }
    : null;
}

/** Members of the club (its owner counts as one: it is their club). */
export async function selectIsClubMember(db: Executor, clubId: number, userId: number): Promise<boolean> {
  const rows = await db.execute<{ member: boolean }>(sql`
    select exists (select 1 from ${clubMembers} where club_id = ${clubId} and user_id = ${userId})
        or exists (select 1 from ${clubs} where id = ${clubId} and owner_id = ${userId}) as member`);
  return Boolean(rows[0]?.member);
}

export async function insertPoll(
  db: Executor,
  values: Pick<
    typeof polls.$inferInsert,
    "postId" | "clubId" | "creatorId" | "question" | "options" | "multiple" | "anonymous" | "closesAt"
  >,
): Promise<number> {
  const rows = await db.insert(polls).values(values).returning({ id: polls.id });
  return rows[0]!.id;
}

/**
 * The vote in one statement, refused inside the same statement when the poll is closed, so a
 * vote racing a close (or closes_at) never lands after it. Null: closed.
 */
export async function upsertVote(db: Executor, pollId: number, userId: number, choices: number[]) {
  const rows = await db.execute<{ poll_id: number }>(sql`
    insert into ${pollVotes} (poll_id, user_id, choices)
    select id, ${userId}, ${`{${choices.join(",")}}`}::int[] from ${polls}
    where id = ${pollId} and closed_at is null and (closes_at is null or closes_at > now())
    on conflict (poll_id, user_id) do update set choices = excluded.choices, voted_at = now()
    returning poll_id`);
  return rows.length > 0;
}

/** Withdraws the caller's vote while the poll is open; false when it is closed. */
export async function deleteVote(db: Executor, pollId: number, userId: number): Promise<boolean | null> {
  const open = await db.execute<{ id: number }>(sql`
    select id from ${polls} where id = ${pollId} and closed_at is null
      and (closes_at is null or closes_at > now())`);
  if (open.length === 0) return null;
  await db.delete(pollVotes).where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)));
  return true;
}

export async function markPollClosed(db: Executor, id: number) {
  await db
    .update(polls)
    .set({ closedAt: sql`now()` })
    .where(and(eq(polls.id, id), sql`${polls.closedAt} is null`));
}

/** Votes per option index and the number of voters, counted from the rows (never a counter). */
export async function selectTally(db: Executor, pollId: number) {
  const rows = await db.execute<{ idx: number; votes: number; total: number }>(sql`
    select c.idx, count(*)::int as votes,
      (select count(*) from ${pollVotes} where poll_id = ${pollId})::int as total
    from ${pollVotes} v cross join lateral unnest(v.choices) as c(idx)
    where v.poll_id = ${pollId}
    group by c.idx`);
  const votes = new Map(rows.map((row) => [row.idx, row.votes]));
  return { votes, total: rows[0]?.total ?? 0 };
}

export async function selectMyChoices(db: Executor, pollId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ choices: pollVotes.choices })
    .from(pollVotes)
    .where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)));
  return rows[0]?.choices ?? [];
}

/** Who chose what (never called for an anonymous poll). */
export async function selectVoters(db: Executor, pollId: number) {
  return await db
    .select({
      userId: pollVotes.userId,
      choices: pollVotes.choices,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(pollVotes)
    .innerJoin(users, eq(users.id, pollVotes.userId))
    .where(eq(pollVotes.pollId, pollId))
    .orderBy(asc(pollVotes.votedAt), asc(pollVotes.userId));
}

/** The post that carries a poll: its title is the question, so every list of posts shows it. */
export async function insertPollPost(
  db: Executor,
  values: { clubId: number; authorId: number; title: string; held: boolean },
): Promise<number> {
  const rows = await db.insert(posts).values(values).returning({ id: posts.id });
  return rows[0]!.id;
}
