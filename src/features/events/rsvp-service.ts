import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import type { Database, Executor } from "../../lib/database/client";
import { Conflict, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { type NoticeWriter, notifyUsers } from "../notices";
import { assertNotMuted } from "../users";
import { queueEventMail } from "./mail-jobs";
import {
  addToCounts,
  findRsvp,
  type LockedEvent,
  lockEvent,
  promoteFromWaitlist,
  saveRsvp,
  waitlistPosition,
} from "./queries";
import type { RsvpAnswer, RsvpJson } from "./schema";

/**
 * Fills free places from the waitlist, first come first served, while the event's row is
 * locked. A capacity lowered below the number going frees nothing: those going keep their places.
 */
export async function fillPlaces(out: NoticeWriter, event: LockedEvent): Promise<number[]> {
  const tx = out.db;
  const free = event.capacity === null ? event.waitlistCount : Math.max(0, event.capacity - event.goingCount);
  const promoted = await promoteFromWaitlist(tx, event.id, Math.min(free, event.waitlistCount));
  if (promoted.length > 0) {
    await addToCounts(tx, event.id, promoted.length, -promoted.length);
    await notifyUsers(out, promoted, { kind: "event_promoted", clubId: event.clubId, postId: event.id });
  }
  return promoted;
}

/** Those promoted are told by e-mail through the job queue (retried if the mail server is down). */
export async function tellPromoted(
  deps: { jobs: AppDeps["jobs"]; db: Executor },
  postId: number,
  userIds: number[],
) {
  await queueEventMail(deps, { kind: "promoted", postId, userIds });
}

/**
 * Going or Not going. Every answer to one event takes that event's row lock first, so places
 * are given in the order the answers reach the database and the counts are always exact.
 */
export async function answerRsvp({
  db,
  jobs,
  user,
  postId,
  answer,
}: {
  db: Database;
  jobs: AppDeps["jobs"];
  user: SessionUser;
  postId: number;
  answer: RsvpAnswer;
}): Promise<RsvpJson> {
  assertNotMuted(user);
  const { result, promoted } = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, postId);
    if (!event?.isEvent || !event.eventDate) throw new NotFound(m.events.eventNotFound);
    // A held event (a watched word) exists for its author only until an admin approves it.
    if (event.held && event.authorId !== user.id) throw new NotFound(m.events.eventNotFound);
    if (event.eventDate.getTime() < Date.now()) throw new Conflict(m.events.eventPast);
    const current = await findRsvp(tx, postId, user.id);
    let going = 0;
    let waitlisted = 0;
    let promoted: number[] = [];
    if (answer === "going") {
      if (current?.status !== "going" && current?.status !== "waitlisted") {
        const hasPlace = event.capacity === null || event.goingCount < event.capacity;
        const status = hasPlace ? "going" : "waitlisted";
        await saveRsvp(tx, { postId, userId: user.id, status, arrive: true });
        if (hasPlace) going = 1;
        else waitlisted = 1;
      }
    } else {
      await saveRsvp(tx, { postId, userId: user.id, status: "not_going", arrive: false });
      if (current?.status === "going") going = -1;
      if (current?.status === "waitlisted") waitlisted = -1;
    }
    if (going !== 0 || waitlisted !== 0) await addToCounts(tx, postId, going, waitlisted);
    const after = {
      ...event,
      goingCount: event.goingCount + going,
      waitlistCount: event.waitlistCount + waitlisted,
    };
    if (going < 0) promoted = await fillPlaces({ db: tx, jobs }, after);
    const mine = await findRsvp(tx, postId, user.id);
    const position = mine?.status === "waitlisted" ? await waitlistPosition(tx, postId, mine.seq) : null;
    const result: RsvpJson = {
      status: mine?.status ?? "not_going",
      going_count: after.goingCount + promoted.length,
      waitlist_count: after.waitlistCount - promoted.length,
      capacity: event.capacity,
      waitlist_position: position,
    };
    return { result, promoted };
  });
  await tellPromoted({ jobs, db }, postId, promoted);
  return result;
}
