import type { AppDeps } from "../../deps";
import { DIGEST_QUEUE, queueDigests } from "./digest-fan-out";
import { type DigestJob, sendDigest } from "./send-digest";

/** The weekly tick (DIGEST_CRON); it queues one DIGEST_QUEUE job per person. */
const DIGEST_WEEK_QUEUE = "digest-week";
/** Digest jobs one worker fetches at once (sent one after the other). */
const DIGEST_BATCH = 20;

/**
 * The digest queue's retry settings. A worker sends a heartbeat for the jobs in hand every
 * 10 s while its batch runs (however long SMTP takes); a killed worker's jobs miss it and are
 * retried after at most HEARTBEAT + the supervise interval (10 s) + the first retry's delay
 * (under 10 s): within a minute. Expiry only bounds a worker that is alive but stuck.
 */
const DIGEST_QUEUE_SETTINGS = {
  // One job per (person, week) key queued or running at a time.
  policy: "exclusive",
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 600,
  heartbeatSeconds: 20,
  expireInSeconds: 600,
  deleteAfterSeconds: 7 * 24 * 3600,
} as const;

export async function workDigests(deps: AppDeps) {
  await deps.jobs.declare(DIGEST_WEEK_QUEUE, { retryLimit: 3, retryDelay: 60, expireInSeconds: 600 });
  await deps.jobs.declare(DIGEST_QUEUE, DIGEST_QUEUE_SETTINGS);
  // Fetched 20 at a time and, while batches come back full, without waiting for the next poll:
  // with one job per poll (the default), 2,000 digests were not all out after 10 minutes.
  await deps.jobs.work<DigestJob>(
    DIGEST_QUEUE,
    async (job) => {
      await sendDigest(deps, job);
    },
    { batchSize: DIGEST_BATCH, burstWhenBatchFull: true },
  );
  await deps.jobs.work(DIGEST_WEEK_QUEUE, async () => {
    if (deps.mailer.mode === "disabled") return;
    const queued = await queueDigests(deps, { now: new Date() });
    deps.logger.info({ queued }, "weekly digests queued");
  });
  if (deps.config.DIGEST_CRON !== "off") await deps.jobs.schedule(DIGEST_WEEK_QUEUE, deps.config.DIGEST_CRON);
}
