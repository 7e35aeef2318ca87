import type { AppDeps } from "../../deps";
import { eventMail } from "./emails";
import { publicBaseUrl, snapshotOf } from "./mail-jobs";
import { claimReminder, findEventDetails, findRecipient, listUsersToRemind } from "./queries";
import { inRecipientLanguage } from "./recipient-language";
import { queueMissedReminders, REMINDER_QUEUE, type ReminderJob } from "./reminder-queue";

/**
 * Sends the reminder to each person going who has not had it for this start time (those who
 * answered after the reminder's moment just chose; they need none). Each send
 * happens inside a transaction holding that person's claim row: a concurrent claim (another
 * replica, a retry) waits on it and then finds it taken; a crash before commit releases it for
 * the retry. Only a crash between the mail server's acceptance and the commit could send twice.
 */
async function sendReminders(deps: AppDeps, job: ReminderJob, signal: AbortSignal) {
  // No mail server: a reminder is only an e-mail, so there is nothing to do (and nothing to retry).
  if (deps.mailer.mode === "disabled") return;
  const details = await findEventDetails(deps.db, job.postId);
  if (!details?.eventDate || details.eventDate.toISOString() !== job.startsAt) return;
  const startsAt = details.eventDate;
  const event = snapshotOf(details);
  const remindAt = new Date(startsAt.getTime() - deps.config.EVENT_REMINDER_LEAD * 1000);
  for (const userId of await listUsersToRemind(deps.db, job.postId, remindAt)) {
    // Stopping: the job fails here and another replica (or the next start) finishes the rest.
    if (signal.aborted) throw new Error("stopping: reminders left for a retry");
    await deps.db.transaction(async (tx) => {
      if (!(await claimReminder(tx, { postId: job.postId, userId, startsAt }))) return;
      const user = await findRecipient(tx, userId);
      if (!user?.email) return;
      const mail = inRecipientLanguage(user, (locale) =>
        eventMail({ kind: "reminder", event, user, baseUrl: publicBaseUrl(deps.config), locale }),
      );
      await deps.mailer.send({ to: user.email, ...mail });
    });
  }
}

export async function workReminders(deps: AppDeps) {
  await deps.jobs.declare(REMINDER_QUEUE, {
    policy: "short",
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    // A process killed mid-batch (no graceful stop) leaves the job active: after 10 minutes
    // (not pg-boss's default 15) another replica retries it, and the claims skip who was done.
    expireInSeconds: 600,
  });
  await deps.jobs.work<ReminderJob>(REMINDER_QUEUE, (job, meta) => sendReminders(deps, job, meta.signal));
  // In the background: with many future events this takes a while, and start-up (readiness, a
  // rolling update) must not wait for it (one million posts held start-up for 30 s).
  void queueMissedReminders(deps).catch((error: unknown) =>
    deps.logger.error({ err: error }, "queueing reminders of future events failed"),
  );
}
