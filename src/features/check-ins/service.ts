import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { assertClubPermission } from "../clubs";
import {
  CHECK_IN_STEP_MS,
  CLOCK_SKEW_MS,
  CONFIRM_AFTER_MS,
  checkInWindow,
  codeAt,
  createSecret,
  judgeCode,
  stepOf,
} from "./code";
import {
  insertCheckInSecret,
  reviewPendingCheckIn,
  selectCheckIn,
  selectCheckInEvent,
  selectCheckInSecret,
  selectCheckIns,
  selectExpectedSince,
  selectNotCheckedIn,
  upsertCheckIn,
} from "./queries";
import type { CheckInCode, CheckInList, CheckInResult } from "./schema";
import { toPerson, toResult } from "./to-response";

/** An event post with a start (a held one exists only for its author, so not here). */
async function findEvent(db: Database, postId: number) {
  const event = await selectCheckInEvent(db, postId);
  if (!event?.isEvent || !event.eventDate || event.held) throw new NotFound(m.checkIns.eventNotFound);
  return { ...event, eventDate: event.eventDate };
}

async function findOwnedEvent(db: Database, user: SessionUser, postId: number) {
  const event = await findEvent(db, postId);
  const club = { id: event.clubId, ownerId: event.ownerId };
  await assertClubPermission({ db, user, club, permission: "check_in", detail: m.checkIns.ownerOnly });
  return event;
}

/** The owner's screen: the code of this 30 s step (inside the window), made on first use. */
export async function getCheckInCode({
  db,
  user,
  postId,
  now = new Date(),
}: {
  db: Database;
  user: SessionUser;
  postId: number;
  now?: Date;
}): Promise<CheckInCode> {
  const event = await findOwnedEvent(db, user, postId);
  const { opens, closes } = checkInWindow(event.eventDate);
  const isOpen = now >= opens && now <= closes;
  const secret =
    (await selectCheckInSecret(db, postId)) ?? (await insertCheckInSecret(db, postId, createSecret()));
  const step = stepOf(now.getTime());
  return {
    code: isOpen ? codeAt(secret, step) : null,
    step_ends_at: new Date((step + 1) * CHECK_IN_STEP_MS).toISOString(),
    opens_at: opens.toISOString(),
    closes_at: closes.toISOString(),
    is_open: isOpen,
    event_title: event.title,
  };
}

const VERDICT_DETAIL = {
  expired: () => m.checkIns.codeExpired,
  not_yet: () => m.checkIns.codeNotYet,
  wrong: () => m.checkIns.wrongCode,
} as const;

/** Only someone expected at the claimed time: a member (joined) or going (answered) by then. */
async function assertExpectedAt(
  db: Database,
  event: { id: number; clubId: number },
  userId: number,
  at: Date,
) {
  const since = await selectExpectedSince(db, event, userId);
  if (!since) throw new Forbidden(m.checkIns.notMember);
  if (since > at) throw new Forbidden(m.checkIns.notMemberThen);
}

/**
 * A member (or someone going) checks themself in with the code on the owner's screen, once:
 * a repeat (also two at once) answers with the check-in already there (`created: false`).
 * `at` is the moment on the phone for a check-in queued without signal: it must lie in the
 * window and the code must have been valid then; `now` is the server's clock (tests set it).
 * A claim more than CONFIRM_AFTER_MS older than `now` could be a photographed or forwarded
 * code replayed later, so it is kept pending ("por confirmar") for the owner to judge.
 */
export async function checkIn({
  db,
  user,
  postId,
  code,
  at,
  now = new Date(),
}: {
  db: Database;
  user: SessionUser;
  postId: number;
  code: string;
  at?: Date;
  now?: Date;
}): Promise<{ checkIn: CheckInResult; created: boolean }> {
  const event = await findEvent(db, postId);
  const when = at ?? now;
  if (when.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw Invalid.field(["body", "checked_in_at"], m.checkIns.timeInFuture);
  await assertExpectedAt(db, event, user.id, when);
  const { opens, closes } = checkInWindow(event.eventDate);
  if (when < opens) throw new Invalid(m.checkIns.notOpenYet);
  if (when > closes) throw new Invalid(m.checkIns.closed);
  // No secret: the owner never showed a code, so no code can be right.
  const secret = await selectCheckInSecret(db, postId);
  const verdict = secret ? judgeCode(secret, code, when.getTime()) : "wrong";
  if (verdict !== "valid") throw Invalid.field(["body", "code"], VERDICT_DETAIL[verdict]());
  const status = now.getTime() - when.getTime() > CONFIRM_AFTER_MS ? "pending" : "present";
  const row = await upsertCheckIn(db, { postId, userId: user.id, checkedInAt: when, addedBy: null, status });
  if (row) return { checkIn: toResult(postId, row), created: true };
  const existing = await selectCheckIn(db, postId, user.id);
  if (!existing) throw new Conflict(m.checkIns.alreadyCheckedIn);
  return { checkIn: toResult(postId, existing), created: false };
}

/** The owner (or an admin) marks a member, or someone going, present by hand, at any time. */
export async function addCheckInByHand({
  db,
  user,
  postId,
  personId,
  now = new Date(),
}: {
  db: Database;
  user: SessionUser;
  postId: number;
  personId: number;
  now?: Date;
}): Promise<CheckInResult> {
  const event = await findOwnedEvent(db, user, postId);
  if (!(await selectExpectedSince(db, event, personId)))
    throw Invalid.field(["body", "user_id"], m.checkIns.personNotMember);
  const row = await upsertCheckIn(db, {
    postId,
    userId: personId,
    checkedInAt: now,
    addedBy: user.id,
    status: "present",
  });
  if (!row) throw new Conflict(m.checkIns.personAlreadyCheckedIn);
  return toResult(postId, row);
}

/**
 * The owner (or an admin) confirms a pending check-in (it counts from now on) or rejects it.
 * Doing it again answers the same; the other verdict on an already judged one is 409.
 */
export async function reviewCheckIn({
  db,
  user,
  postId,
  personId,
  verdict,
}: {
  db: Database;
  user: SessionUser;
  postId: number;
  personId: number;
  verdict: "present" | "rejected";
}): Promise<CheckInResult> {
  await findOwnedEvent(db, user, postId);
  const row = await reviewPendingCheckIn(db, { postId, userId: personId, reviewerId: user.id, to: verdict });
  if (row) return toResult(postId, row);
  const existing = await selectCheckIn(db, postId, personId);
  if (!existing) throw new NotFound(m.checkIns.checkInNotFound);
  if (existing.status !== verdict) throw new Conflict(m.checkIns.notPending);
  return toResult(postId, existing);
}

/**
 * Who is in, who waits for confirmation and who is still expected, for the owner's screen
 * (polled; 304 when unchanged).
 */
export async function listCheckIns({
  db,
  user,
  postId,
}: {
  db: Database;
  user: SessionUser;
  postId: number;
}): Promise<CheckInList> {
  const event = await findOwnedEvent(db, user, postId);
  const [rows, missing] = await Promise.all([selectCheckIns(db, postId), selectNotCheckedIn(db, event)]);
  return {
    event_title: event.title,
    checked_in: rows
      .filter((row) => row.status === "present")
      .map((row) => ({
        ...toPerson(row),
        checked_in_at: row.checkedInAt.toISOString(),
        by_hand: row.addedBy !== null,
      })),
    pending: rows
      .filter((row) => row.status === "pending")
      .map((row) => ({
        ...toPerson(row),
        checked_in_at: row.checkedInAt.toISOString(),
        received_at: row.receivedAt.toISOString(),
      })),
    not_checked_in: missing.map(toPerson),
  };
}

/** The rows of the attendance CSV (e-mail addresses only for an admin reader). */
export async function listAttendanceForExport({
  db,
  user,
  postId,
}: {
  db: Database;
  user: SessionUser;
  postId: number;
}) {
  const event = await findOwnedEvent(db, user, postId);
  return { event, rows: await selectCheckIns(db, postId) };
}
