import type { JoinAnswer } from "../../../common/api/connections";
import { format, m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { hasBlocked } from "../blocks";
import { assertClubPermission, findClubAccess, toClubListItem } from "../clubs";
import { type NoticeWriter, notifyClubOwner, notifyUsers, readJoinRequestNotices } from "../notices";
import { uploadUrl } from "../uploads";
import {
  addMember,
  deleteRequest,
  deleteRequestFor,
  insertRequest,
  insertRequestOutcome,
  type RequestRow,
  removeMember,
  selectIsMember,
  selectMembersOfOwnedClubs,
  selectMyClubs,
  selectProfileCompleted,
  selectRequestAccess,
  selectRequests,
} from "./queries";

type Page = { limit: number; offset: number };

/** `withAnswers` only for the club's owner and admins: nobody else reads a person's answers. */
function toRequest(row: RequestRow, withAnswers = false) {
  return {
    ...(withAnswers ? { answers: row.answers ?? [] } : {}),
    id: row.id,
    club_id: row.clubId,
    user_id: row.userId,
    club: toClubListItem(row.club),
    user: {
      id: row.user.id,
      username: row.user.username,
      first_name: row.user.firstName,
      last_name: row.user.lastName,
      profile_picture_url: uploadUrl(row.user.profilePictureId),
    },
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Pairs a club's questions with the answers sent; a club with questions needs one non-blank
 * answer per question (422 naming the questions when none were sent). Null for a club without.
 */
function pairAnswers(questions: string[], answers: string[] | undefined): JoinAnswer[] | null {
  if (questions.length === 0) return null;
  if (!answers)
    throw new Invalid(format(m.joinQuestions.answersRequired, { questions: questions.join(" · ") }));
  if (answers.length !== questions.length)
    throw Invalid.field(
      ["body", "answers"],
      format(m.joinQuestions.answersWrongCount, { count: questions.length }),
    );
  const blank = answers.findIndex((a) => a.trim() === "");
  if (blank !== -1) throw Invalid.field(["body", "answers", blank], m.joinQuestions.answerRequired);
  return questions.map((question, i) => ({ question, answer: answers[i]!.trim() }));
}

/**
 * A signed-in user with a completed profile asks to join a club. Checks run in the order a
 * person can fix them: the club exists, their profile is complete, then duplicates, then the
 * club's join questions; someone the owner blocked is refused before the answers.
 */
export async function sendRequest({
  db,
  user,
  jobs,
  clubId,
  answers,
}: {
  db: Database;
  jobs: NoticeWriter["jobs"];
  user: SessionUser;
  clubId: number;
  answers?: string[];
}) {
  const club = await findClubAccess(db, clubId);
  if (!club) throw new NotFound(m.clubs.notFound);
  if (!(await selectProfileCompleted(db, user.id))) throw new Forbidden(m.clubs.completeProfile);
  if (club.ownerId === user.id) throw new Conflict(m.clubs.ownClub);
  if (await selectIsMember(db, clubId, user.id)) throw new Conflict(m.clubs.alreadyMember);
  if (!club.isOpen) throw new Conflict(m.clubs.clubClosed);
  // A join request carries free-text answers to the owner: once the owner blocked this person
  // it is refused like a direct message to them (403, a neutral detail), before any answer is read.
  if (club.ownerId !== null && (await hasBlocked(db, club.ownerId, user.id)))
    throw new Forbidden(m.clubs.requestBlocked);
  const paired = pairAnswers(club.joinQuestions ?? [], answers);
  const id = await db.transaction(async (tx) => {
    const inserted = await insertRequest(tx, clubId, user.id, paired);
    if (inserted === null) throw new Conflict(m.clubs.alreadyRequested);
    await notifyClubOwner({ db: tx, jobs }, clubId, { kind: "join_request", actorId: user.id });
    return inserted;
  });
  const [row] = await selectRequests(db, { id });
  return toRequest(row!);
}

export async function listSentRequests({ db, user, page }: { db: Database; user: SessionUser; page: Page }) {
  return (await selectRequests(db, { senderId: user.id }, page)).map((row) => toRequest(row));
}

/**
 * Requests waiting for the caller's decision (or one club's): to the clubs they own while they
 * hold the owner role and to those where they are an officer with accept_requests, without those
 * of people they blocked (sent before the block: their answers are not shown); an admin sees
 * every request.
 */
export async function listReceivedRequests({
  db,
  user,
  page,
  clubId,
}: {
  db: Database;
  user: SessionUser;
  page: Page;
  clubId?: number;
}) {
  // A demoted owner keeps owner_id on their clubs but no longer decides on (or sees) their
  // requests; an officer's do not depend on a role.
  const filter =
    user.role === "admin"
      ? { clubId }
      : { decider: { userId: user.id, owns: user.role === "owner" }, clubId };
  return (await selectRequests(db, filter, page)).map((row) => toRequest(row, true));
}

/** The club's owner or an admin accepts: the sender becomes a member and is told so (notice and push). */
export async function acceptRequest({
  db,
  jobs,
  user,
  id,
}: {
  db: Database;
  jobs: NoticeWriter["jobs"];
  user: SessionUser;
  id: number;
}) {
  const request = await selectRequestAccess(db, id);
  if (!request) throw new NotFound(m.clubs.requestNotFound);
  const club = { id: request.clubId, ownerId: request.ownerId };
  const detail = m.clubs.requestForbidden;
  await assertClubPermission({ db, user, club, permission: "accept_requests", detail });
  await db.transaction(async (tx) => {
    const claimed = await deleteRequest(tx, id);
    // Someone else answered it between our read and now.
    if (!claimed) throw new NotFound(m.clubs.requestNotFound);
    await insertRequestOutcome(tx, {
      clubId: claimed.clubId,
      requestedAt: claimed.createdAt,
      outcome: "accepted",
    });
    await addMember(tx, claimed.clubId, claimed.userId, claimed.answers);
    await readJoinRequestNotices(tx, { clubId: claimed.clubId, requesterId: claimed.userId });
    // The notice's push job is queued with it: the person hears of the decision exactly when it
    // commits (notices/push-queue.ts).
    await notifyUsers({ db: tx, jobs }, [claimed.userId], {
      kind: "request_accepted",
      clubId: claimed.clubId,
      actorId: user.id,
    });
  });
  return { ok: true as const, club_id: request.clubId, user_id: request.userId };
}

/** The sender withdraws, or the club's owner or an admin declines (the sender is told). */
export async function deleteConnectionRequest({
  db,
  jobs,
  user,
  id,
}: {
  db: Database;
  jobs: NoticeWriter["jobs"];
  user: SessionUser;
  id: number;
}) {
  const request = await selectRequestAccess(db, id);
  if (!request) throw new NotFound(m.clubs.requestNotFound);
  const isSender = request.userId === user.id;
  if (!isSender) {
    const club = { id: request.clubId, ownerId: request.ownerId };
    const detail = m.clubs.requestForbidden;
    await assertClubPermission({ db, user, club, permission: "accept_requests", detail });
  }
  await db.transaction(async (tx) => {
    const claimed = await deleteRequest(tx, id);
    if (!claimed) throw new NotFound(m.clubs.requestNotFound);
    const outcome = isSender ? "withdrawn" : "declined";
    await insertRequestOutcome(tx, { clubId: claimed.clubId, requestedAt: claimed.createdAt, outcome });
    await readJoinRequestNotices(tx, { clubId: claimed.clubId, requesterId: claimed.userId });
    if (!isSender) {
      await notifyUsers({ db: tx, jobs }, [claimed.userId], {
        kind: "request_declined",
        clubId: claimed.clubId,
        actorId: user.id,
      });
    }
  });
  return { ok: true as const, withdrawn: isSender };
}

export async function getMyConnections({ db, user }: { db: Database; user: SessionUser }) {
  const [clubs, members] = await Promise.all([
    selectMyClubs(db, user.id),
    user.role === "owner" || user.role === "admin" ? selectMembersOfOwnedClubs(db, user.id) : [],
  ]);
  return {
    clubs: clubs.map((c) => ({
      ...toClubListItem(c),
      is_owner: Boolean(c.isOwner),
      last_message_content: c.lastMessageContent,
      last_message_at: c.lastMessageAt?.toISOString() ?? null,
    })),
    members: members.map((u) => ({
      id: u.id,
      username: u.username,
      first_name: u.firstName,
      last_name: u.lastName,
      profile_picture_url: uploadUrl(u.profilePictureId),
      club_id: u.clubId,
      club_name: u.clubName,
      last_message_content: u.lastMessageContent,
      last_message_at: u.lastMessageAt?.toISOString() ?? null,
    })),
  };
}

/** A member leaves a club. Any leftover request for it goes too, so they can ask again later. */
export async function leaveClub({ db, user, clubId }: { db: Database; user: SessionUser; clubId: number }) {
  const club = await findClubAccess(db, clubId);
  if (!club) throw new NotFound(m.clubs.notFound);
  // Owners are no members of their club: they hand it over instead (issue 49).
  if (club.ownerId === user.id) throw new Conflict(m.handover.ownerCannotLeave);
  const left = await db.transaction(async (tx) => {
    const removed = await removeMember(tx, clubId, user.id);
    if (removed) await deleteRequestFor(tx, clubId, user.id);
    return removed;
  });
  if (!left) throw new NotFound(m.clubs.notMember);
  return { ok: true as const };
}

/** The club's owner or an admin removes a member. */
export async function removeClubMember({
  db,
  user,
  clubId,
  memberId,
}: {
  db: Database;
  user: SessionUser;
  clubId: number;
  memberId: number;
}) {
  if (memberId === user.id) return await leaveClub({ db, user, clubId });
  const club = await findClubAccess(db, clubId);
  if (!club) throw new NotFound(m.clubs.notFound);
  const detail = m.clubs.removeMemberForbidden;
  await assertClubPermission({ db, user, club, permission: "accept_requests", detail });
  const removed = await db.transaction(async (tx) => await removeMember(tx, clubId, memberId));
  if (!removed) throw new NotFound(m.clubs.memberNotFound);
  return { ok: true as const };
}
