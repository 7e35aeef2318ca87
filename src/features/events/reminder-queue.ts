import type { AppDeps } from "../../deps";
import { listFutureEvents } from "./queries";

/**
 * Putting event reminders on the queue: one job per event and start time, and at start-up the
 * jobs of events saved while no process ran. Sending them is reminders.ts.
 */
export const REMINDER_QUEUE = "event-reminders";

export type ReminderJob = { postId: number; startsAt: string };

/**
 * Queues the reminder of an event for `lead` before it starts (24 h by default). The singleton
 * key (event, start) keeps one waiting job per start time however often this is called; a moved
 * event gets a job for its new time, and the old one finds the start changed and does nothing.
 */
export async function queueReminder(
  deps: Pick<AppDeps, "jobs" | "config">,
  event: { id: number; eventDate: Date | null },
) {
  if (!event.eventDate || event.eventDate.getTime() <= Date.now()) return;
  const startsAt = event.eventDate.toISOString();
  const runAt = new Date(event.eventDate.getTime() - deps.config.EVENT_REMINDER_LEAD * 1000);
  await deps.jobs.send<ReminderJob>(
    REMINDER_QUEUE,
    { postId: event.id, startsAt },
    { singletonKey: `${event.id}:${startsAt}`, startAfter: runAt },
  );
}

const BACKFILL_BATCH = 50;

/**
 * Events saved while no process was running (or before reminders existed) get their job too;
 * the singleton keys make this a no-op for events already queued. A reminder is only an e-mail,
 * so without a mail server there is nothing to queue. Sent in batches of 50 concurrent
 * round trips. Returns how many events it looked at.
 */
export async function queueMissedReminders(deps: Pick<AppDeps, "db" | "jobs" | "config" | "mailer">) {
  if (deps.mailer.mode === "disabled") return 0;
  const events = await listFutureEvents(deps.db, new Date());
  for (let i = 0; i < events.length; i += BACKFILL_BATCH) {
    await Promise.all(events.slice(i, i + BACKFILL_BATCH).map((event) => queueReminder(deps, event)));
  }
  return events.length;
}
