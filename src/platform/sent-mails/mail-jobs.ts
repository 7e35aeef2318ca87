import type { Locale } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import type { JobHandler } from "../../lib/jobs/queue";
import { inLocale } from "../locale/request-locale";
import { deleteSentMailsBefore } from "./queries";

/**
 * A mail that must follow a committed write (a reset code, the note to an address's owner) is a
 * job queued by that write, in its transaction, and sent by a worker with sendOnce: a crash,
 * SIGTERM or database restart after the commit delays it, never loses it, and a retry does not
 * send it twice. The worker sends a heartbeat every 5 s while it runs; a killed worker's jobs
 * are retried after at most 10 s + the supervise interval (10 s) + the first retry's delay
 * (under 10 s). Finished jobs are deleted after an hour (they may name an address).
 */
const MAIL_JOB_SETTINGS = {
  retryLimit: 6,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 600,
  heartbeatSeconds: 10,
  expireInSeconds: 300,
  deleteAfterSeconds: 3600,
} as const;

/** Every mail job carries the language of the request that queued it: the mail's fallback language. */
export type MailJob = { locale: Locale };

/** The ledger key of one mail job: its queue and its id, the same on every attempt. */
export const mailJobKey = (job: { name: string; id: string }) => `${job.name}:${job.id}`;

/**
 * Declares a mail queue and runs its worker (a batch of up to 10 at a time, fetched again at
 * once while batches come back full, so a burst of requests does not wait a poll per mail).
 */
export async function workMailJobs<T extends MailJob>(
  deps: Pick<AppDeps, "jobs">,
  name: string,
  handler: JobHandler<T>,
): Promise<void> {
  await deps.jobs.declare(name, MAIL_JOB_SETTINGS);
  await deps.jobs.work<T>(name, (data, job) => inLocale(data.locale, () => handler(data, job)), {
    batchSize: 10,
    burstWhenBatchFull: true,
  });
}

const SENT_MAILS_CLEANUP_QUEUE = "mail-sends-cleanup";
/** A ledger row matters while its job may still run again: retries end within about an hour. */
const LEDGER_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes the ledger rows of mails sent over a week ago (hourly, one schedule per cluster). */
export async function workSentMailsCleanup(deps: Pick<AppDeps, "db" | "jobs">): Promise<void> {
  await deps.jobs.work(SENT_MAILS_CLEANUP_QUEUE, async () => {
    await deleteSentMailsBefore(deps.db, new Date(Date.now() - LEDGER_KEPT_MS));
  });
  await deps.jobs.schedule(SENT_MAILS_CLEANUP_QUEUE, "41 * * * *");
}
