import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import type { Database } from "../../lib/database/client";
import { Forbidden, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { findClubAccess } from "../clubs";
import { fanOutClubPost } from "../notices";
import { reportScreenedText, screenTexts } from "../watched-words";
import { assertCanPostInClub, canClosePoll } from "./access";
import { parsePollInput } from "./poll-input";
import { isPollClosed, toPollJson } from "./present";
import {
  insertPoll,
  insertPollPost,
  markPollClosed,
  selectIsClubMember,
  selectMyChoices,
  selectPoll,
  selectTally,
} from "./queries";
import type { CreatePollInput, PollJson } from "./schema";

type Deps = Pick<AppDeps, "db" | "jobs" | "config">;

/** A poll the viewer may see: a held one (a watched word) only by its author, like its post. */
async function findVisiblePoll(db: Database, id: number, viewer: SessionUser | null) {
  const poll = await selectPoll(db, id);
  if (!poll || (poll.postHeld && poll.postAuthorId !== viewer?.id)) throw new NotFound(m.polls.pollNotFound);
  return poll;
}

export async function getPoll({
  db,
  viewer,
  id,
}: {
  db: Database;
  viewer: SessionUser | null;
  id: number;
}): Promise<PollJson> {
  const poll = await findVisiblePoll(db, id, viewer);
  const [tally, isMember, myVotes, mayClose] = await Promise.all([
    selectTally(db, id),
    viewer ? selectIsClubMember(db, poll.clubId, viewer.id) : false,
    viewer ? selectMyChoices(db, id, viewer.id) : [],
    canClosePoll({ db, user: viewer, poll }),
  ]);
  return toPollJson(poll, tally, { user: viewer, isMember, myVotes, mayClose });
}

/**
 * A poll is published as a post of the club (title: the question) with the poll beside it, so
 * it reaches the Posts tab, the feed and the members' notices like any post; its question and
 * options pass the watched words together (a hold keeps the post hidden until approved).
 */
export async function createPoll({
  deps,
  user,
  clubId,
  input,
}: {
  deps: Deps;
  user: SessionUser;
  clubId: number;
  input: CreatePollInput;
}): Promise<PollJson> {
  const { db } = deps;
  const club = await findClubAccess(db, clubId);
  if (!club) throw new NotFound(m.polls.clubNotFound);
  await assertCanPostInClub({ db, user, club });
  const values = parsePollInput(input);
  const screened = await screenTexts({
    db,
    kind: "post",
    authorId: user.id,
    texts: [values.question, ...values.options],
  });
  const [question, ...options] = screened.texts as string[];
  const { pollId, postId } = await db.transaction(async (tx) => {
    const postId = await insertPollPost(tx, {
      clubId,
      authorId: user.id,
      title: question!,
      held: screened.held,
    });
    const pollId = await insertPoll(tx, {
      postId,
      clubId,
      creatorId: user.id,
      question: question!,
      options,
      multiple: values.multiple,
      anonymous: values.anonymous,
      closesAt: values.closesAt,
    });
    await reportScreenedText({ db: tx, screened, targetType: "post", targetId: postId, authorId: user.id });
    return { pollId, postId };
  });
  if (!screened.held) {
    await fanOutClubPost(deps, { clubId, kind: "club_poll", postId, actorId: user.id });
  }
  return await getPoll({ db, viewer: user, id: pollId });
}

export async function closePoll({
  db,
  user,
  id,
}: {
  db: Database;
  user: SessionUser;
  id: number;
}): Promise<PollJson> {
  await db.transaction(async (tx) => {
    const poll = await selectPoll(tx, id, { lock: true });
    if (!poll || (poll.postHeld && poll.postAuthorId !== user.id)) throw new NotFound(m.polls.pollNotFound);
    if (!(await canClosePoll({ db: tx, user, poll }))) throw new Forbidden(m.polls.notAllowedToClose);
    // Closing a closed poll (by hand or by time) changes nothing: the first close stands.
    if (!isPollClosed(poll)) await markPollClosed(tx, id);
  });
  return await getPoll({ db, viewer: user, id });
}
