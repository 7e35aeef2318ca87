import { displayName } from "../../../common/display-name";
import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Conflict, Forbidden, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { parseChoices } from "./poll-input";
import { isPollClosed } from "./present";
import { deleteVote, selectIsClubMember, selectPoll, selectVoters, upsertVote } from "./queries";
import type { PollJson, PollVotersJson } from "./schema";
import { getPoll } from "./service";

/** The poll, if the person may vote in it: a member (or its owner), the poll visible and open. */
async function findPollToVote(db: Database, user: SessionUser, id: number) {
  const poll = await selectPoll(db, id);
  if (!poll || (poll.postHeld && poll.postAuthorId !== user.id)) throw new NotFound(m.polls.pollNotFound);
  if (!(await selectIsClubMember(db, poll.clubId, user.id))) throw new Forbidden(m.polls.membersOnly);
  if (isPollClosed(poll)) throw new Conflict(m.polls.closed);
  return poll;
}

/** Votes, or replaces the caller's vote: one row per voter, so nobody counts twice. */
export async function castVote({
  db,
  user,
  id,
  choices,
}: {
  db: Database;
  user: SessionUser;
  id: number;
  choices: number[];
}): Promise<PollJson> {
  const poll = await findPollToVote(db, user, id);
  const chosen = parseChoices(choices, poll);
  // The statement itself refuses a poll closed since the check above (a close or closes_at).
  if (!(await upsertVote(db, id, user.id, chosen))) throw new Conflict(m.polls.closed);
  return await getPoll({ db, viewer: user, id });
}

export async function withdrawVote({
  db,
  user,
  id,
}: {
  db: Database;
  user: SessionUser;
  id: number;
}): Promise<PollJson> {
  await findPollToVote(db, user, id);
  if ((await deleteVote(db, id, user.id)) === null) throw new Conflict(m.polls.closed);
  return await getPoll({ db, viewer: user, id });
}

/**
 * Who chose what, for members of the club (and admins) of a poll that is not anonymous. An
 * anonymous poll's voters are never read, for anyone.
 */
export async function listVoters({
  db,
  user,
  id,
}: {
  db: Database;
  user: SessionUser;
  id: number;
}): Promise<PollVotersJson> {
  const poll = await selectPoll(db, id);
  if (!poll || (poll.postHeld && poll.postAuthorId !== user.id)) throw new NotFound(m.polls.pollNotFound);
  if (poll.anonymous) throw new Forbidden(m.polls.anonymousVoters);
  const member = user.role === "admin" || (await selectIsClubMember(db, poll.clubId, user.id));
  if (!member) throw new Forbidden(m.polls.votersMembersOnly);
  const rows = await selectVoters(db, id);
  return poll.options.map((text, index) => ({
    index,
    text,
    voters: rows
      .filter((r) => r.choices.includes(index))
      .map((r) => ({ user_id: r.userId, name: displayName(r) })),
  }));
}
