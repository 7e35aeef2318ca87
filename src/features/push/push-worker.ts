import type { AppDeps } from "../../deps";
import {
  declarePushQueue,
  inLanes,
  PUSH_QUEUE,
  type PushJob,
  SENDS_IN_FLIGHT,
  sendQueuedPush,
} from "./push-jobs";
import { deleteDeliveriesBefore } from "./queries";

const PRUNE_QUEUE = "push-deliveries-prune";

/**
 * Pushes go out in batches of up to 50, SENDS_IN_FLIGHT at once, and the worker fetches again
 * at once while batches come back full: a club post to thousands of members must not wait for
 * the queue's polling interval between single jobs. Each push settles on its own: a failed one
 * is failed (pg-boss retries it) and the rest complete.
 */
export async function workPushes(deps: AppDeps) {
  await declarePushQueue(deps);
  await deps.jobs.declare(PRUNE_QUEUE, { retryLimit: 2 });
  if (!deps.jobs.runsWorkers) return;
  await deps.jobs.workBatches<PushJob>(
    PUSH_QUEUE,
    { batchSize: 50, burstWhenBatchFull: true, localConcurrency: 2, pollingIntervalSeconds: 1 },
    async (jobs) => {
      await inLanes(jobs, SENDS_IN_FLIGHT, async (job) => {
        try {
          await sendQueuedPush(deps, job.data, job.signal);
        } catch (error) {
          deps.logger.warn({ err: error, job_id: job.id }, "push failed; pg-boss retries it");
          await deps.jobs.fail(PUSH_QUEUE, job.id, String(error));
        }
      });
    },
  );
  // A delivery older than the push TTL can no longer be retried: its record goes.
  await deps.jobs.work(PRUNE_QUEUE, async () => {
    await deleteDeliveriesBefore(deps.db, deps.config.PUSH_TTL + 3600);
  });
  await deps.jobs.schedule(PRUNE_QUEUE, "17 * * * *");
}
