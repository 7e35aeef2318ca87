import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import { notifyUsers } from "../notices";
import type { EventSnapshot } from "./emails";
import { queueEventMails, snapshotOf } from "./mail-jobs";
import { clearRsvps, findEventDetails, listGoingUserIds, lockEvent } from "./queries";
import { queueReminder } from "./reminder-queue";
import { fillPlaces, tellPromoted } from "./rsvp-service";

/**
 * What the posts feature calls when an event is created, edited or deleted (the events feature's
 * public module for it): places, reminders and messages to the people going.
 */
export type EventFacts = { isEvent: boolean; eventDate: Date | null; eventLocation: string | null };

type JobDeps = Pick<AppDeps, "jobs" | "config">;

/**
 * Inside the edit's transaction, after the row was saved: a raised (or removed) capacity gives
 * its new places to the waitlist at once; a lowered one keeps everyone going. An event turned
 * into a plain post drops its answers. Returns who was promoted and who must hear of a change.
 */
export async function settleEventEdit(
  tx: Executor,
  {
    postId,
    before,
    after,
    jobs,
  }: { postId: number; before: EventFacts; after: EventFacts; jobs: AppDeps["jobs"] },
): Promise<{
  promoted: number[];
  changed: { kind: "moved" | "cancelled"; userIds: number[]; event: EventSnapshot } | null;
}> {
  const wasEvent = before.isEvent && before.eventDate !== null;
  if (wasEvent && !after.isEvent) {
    const userIds = await listGoingUserIds(tx, postId);
    const details = await eventSnapshot(tx, postId, before);
    await clearRsvps(tx, postId);
    return { promoted: [], changed: details ? { kind: "cancelled", userIds, event: details } : null };
  }
  const event = await lockEvent(tx, postId);
  if (!event?.isEvent) return { promoted: [], changed: null };
  const promoted = await fillPlaces({ db: tx, jobs }, event);
  const moved =
    wasEvent &&
    (before.eventDate?.getTime() !== after.eventDate?.getTime() ||
      before.eventLocation !== after.eventLocation);
  if (!moved) return { promoted, changed: null };
  const userIds = (await listGoingUserIds(tx, postId)).filter((id) => !promoted.includes(id));
  const details = await findEventDetails(tx, postId);
  return { promoted, changed: details ? { kind: "moved", userIds, event: snapshotOf(details) } : null };
}

async function eventSnapshot(
  tx: Executor,
  postId: number,
  before: EventFacts,
): Promise<EventSnapshot | null> {
  const details = await findEventDetails(tx, postId);
  if (!details) return null;
  return {
    ...snapshotOf(details),
    eventDate: before.eventDate?.toISOString() ?? null,
    eventLocation: before.eventLocation,
  };
}

/** After the edit committed: messages (notice and e-mail) and the reminder for the new time. */
export async function afterEventEdit(
  deps: JobDeps & { db: Executor },
  {
    postId,
    after,
    settled,
  }: { postId: number; after: EventFacts; settled: Awaited<ReturnType<typeof settleEventEdit>> },
) {
  await tellPromoted(deps, postId, settled.promoted);
  if (settled.changed) await tellChange(deps, settled.changed);
  if (after.isEvent) await queueReminder(deps, { id: postId, eventDate: after.eventDate });
}

/** A new event: its reminder is queued for 24 hours before it starts. */
export async function afterEventCreated(deps: JobDeps, event: { id: number; eventDate: Date | null }) {
  await queueReminder(deps, event);
}

/** Inside the delete's transaction, before the row goes: who was going and what to tell them. */
export async function collectCancelled(tx: Executor, postId: number) {
  const details = await findEventDetails(tx, postId);
  if (!details?.eventDate) return null;
  const userIds = await listGoingUserIds(tx, postId);
  return { kind: "cancelled" as const, userIds, event: snapshotOf(details) };
}

/** Tells everyone going that the event moved or was cancelled: a notice and an e-mail each. */
export async function tellChange(
  deps: JobDeps & { db: Executor },
  change: { kind: "moved" | "cancelled"; userIds: number[]; event: EventSnapshot },
) {
  if (change.userIds.length === 0) return;
  await notifyUsers(deps, change.userIds, {
    kind: `event_${change.kind}`,
    clubId: change.event.clubId,
    // A cancelled event's post is already deleted: nothing to point at.
    postId: change.kind === "moved" ? change.event.postId : null,
  });
  await queueEventMails(deps, change);
}
