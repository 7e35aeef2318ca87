import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { canEditClub } from "../clubs/access";
import { uploadUrl } from "../uploads/service";
import {
  CHECK_IN_STEP_MS,
  CLOCK_SKEW_MS,
  checkInWindow,
  codeAt,
  createSecret,
  judgeCode,
  stepOf,
} from "./code";
import {
  type CheckInPersonRow,
  insertCheckIn,
  insertCheckInSecret,
  selectCheckInEvent,
  selectCheckInSecret,
  selectCheckIns,
  selectMayCheckIn,
  selectNotCheckedIn,
} from "./queries";
import type { CheckInCode, CheckInList, CheckInResult } from "./schema";

/** An event post with a start (a held one exists only for its author, so not here). */
async function findEvent(db: Database, postId: number) {
  const event = await selectCheckInEvent(db, postId);
  if (!event?.isEvent || !event.eventDate || event.held) throw new NotFound(m.checkIns.eventNotFound);
  return { ...event, eventDate: event.eventDate };
}

async function findOwnedEvent(db: Database, user: SessionUser, postId: number) {
  const event = await findEvent(db, postId);
  if (!canEditClub(user, event)) throw new Forbidden(m.checkIns.ownerOnly);
  return event;
}

function toPerson(row: CheckInPersonRow) {
  return {
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    profile_picture_url: uploadUrl(row.profilePictureId),
  };
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

/**
 * A member (or someone going) checks themself in with the code on the owner's screen, once.
 * `at` is the moment on the phone for a check-in queued without signal: it must lie in the
 * window and the code must have been valid then; `now` is the server's clock (tests set it).
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
}): Promise<CheckInResult> {
  const event = await findEvent(db, postId);
  if (!(await selectMayCheckIn(db, event, user.id))) throw new Forbidden(m.checkIns.notMember);
  const when = at ?? now;
  if (when.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw Invalid.field(["body", "checked_in_at"], m.checkIns.timeInFuture);
  const { opens, closes } = checkInWindow(event.eventDate);
  if (when < opens) throw new Invalid(m.checkIns.notOpenYet);
  if (when > closes) throw new Invalid(m.checkIns.closed);
  // No secret: the owner never showed a code, so no code can be right.
  const secret = await selectCheckInSecret(db, postId);
  const verdict = secret ? judgeCode(secret, code, when.getTime()) : "wrong";
  if (verdict !== "valid") throw Invalid.field(["body", "code"], VERDICT_DETAIL[verdict]());
  const row = await insertCheckIn(db, { postId, userId: user.id, checkedInAt: when, addedBy: null });
  if (!row) throw new Conflict(m.checkIns.alreadyCheckedIn);
  return { post_id: postId, user_id: user.id, checked_in_at: row.checkedInAt.toISOString() };
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
  if (!(await selectMayCheckIn(db, event, personId)))
    throw Invalid.field(["body", "user_id"], m.checkIns.personNotMember);
  const row = await insertCheckIn(db, { postId, userId: personId, checkedInAt: now, addedBy: user.id });
  if (!row) throw new Conflict(m.checkIns.personAlreadyCheckedIn);
  return { post_id: postId, user_id: personId, checked_in_at: row.checkedInAt.toISOString() };
}

/** Who is in and who is still expected, for the owner's screen (polled; 304 when unchanged). */
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
  const [present, missing] = await Promise.all([selectCheckIns(db, postId), selectNotCheckedIn(db, event)]);
  return {
    event_title: event.title,
    checked_in: present.map((row) => ({
      ...toPerson(row),
      checked_in_at: row.checkedInAt.toISOString(),
      by_hand: row.addedBy !== null,
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
