import type { JobQueue } from "./jobs/queue";
import type { Logger } from "./logger";
import { openMail, type SealedMail, sealMail } from "./mail-seal";
import type { Mailer } from "./mailer";

const MAIL_RETRY_QUEUE = "mail-retry";

/**
 * Retries, durable in PostgreSQL (pg-boss): about 30 s, 1, 2, 4, 8 and 16 minutes after the
 * failure, so a code (valid 15 minutes) still arrives in time after a short SMTP outage, and no
 * mail is retried forever. Finished jobs are deleted after an hour.
 */
const RETRY_POLICY = {
  retryLimit: 6,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 960,
  expireInSeconds: 120,
  deleteAfterSeconds: 3600,
};

/**
 * A mailer that tries SMTP at once and, when that fails, queues the mail for retries instead of
 * failing the request: an SMTP outage costs a delay, not an error. `start()` runs the worker
 * that sends queued mails (every replica may run it; pg-boss hands each job to one).
 */
export function withMailRetries(options: {
  mailer: Mailer;
  jobs: JobQueue;
  secret: string;
  logger: Logger;
  /** Tests shorten the delays; production keeps RETRY_POLICY. */
  retryDelaySeconds?: number;
}): Mailer & { start: () => Promise<void> } {
  const { mailer, jobs, secret, logger } = options;
  const policy = { ...RETRY_POLICY, retryDelay: options.retryDelaySeconds ?? RETRY_POLICY.retryDelay };
  return {
    ...mailer,
    send: async (mail) => {
      try {
        await mailer.send(mail);
      } catch (error) {
        // Queued only when the queue accepts it; otherwise the caller sees the original failure.
        await jobs.send(MAIL_RETRY_QUEUE, sealMail(mail, secret));
        logger.warn({ err: error, subject: mail.subject }, "mail could not be sent; queued for retry");
      }
    },
    start: async () => {
      await jobs.declare(MAIL_RETRY_QUEUE, policy);
      await jobs.work<SealedMail>(MAIL_RETRY_QUEUE, async (sealed, job) => {
        await mailer.send(openMail(sealed, secret));
        logger.info({ retry: job.retryCount }, "queued mail sent");
      });
    },
  };
}
