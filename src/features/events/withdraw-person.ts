import type { NoticeWriter } from "../notices";
import { addToCounts, deleteRsvp, listActiveRsvps, lockEvent } from "./queries";
import { fillPlaces } from "./rsvp-service";

export type Promotions = { postId: number; userIds: number[] }[];

/**
 * Takes a person off every event they are going to or waiting for (their account is being
 * deleted), inside the caller's transaction: each event's row is locked as for any RSVP, the
 * counts move with the rows, and a place freed at a future event goes to the waitlist's first.
 * Returns who was promoted, for the caller to tell once the transaction has committed.
 */
export async function withdrawFromEvents(out: NoticeWriter, userId: number): Promise<Promotions> {
  const tx = out.db;
  const promotions: Promotions = [];
  for (const rsvp of await listActiveRsvps(tx, userId)) {
    const event = await lockEvent(tx, rsvp.postId);
    if (!event) continue;
    await deleteRsvp(tx, rsvp.postId, userId);
    const going = rsvp.status === "going" ? -1 : 0;
    const waitlisted = rsvp.status === "waitlisted" ? -1 : 0;
    await addToCounts(tx, rsvp.postId, going, waitlisted);
    const future = event.eventDate !== null && event.eventDate.getTime() > Date.now();
    if (going < 0 && future) {
      const after = { ...event, goingCount: event.goingCount - 1, waitlistCount: event.waitlistCount };
      const userIds = await fillPlaces(out, after);
      if (userIds.length > 0) promotions.push({ postId: rsvp.postId, userIds });
    }
  }
  return promotions;
}
