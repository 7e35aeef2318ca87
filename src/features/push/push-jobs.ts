import type { AppDeps } from "../../deps";
import { DomainError } from "../../lib/errors";
import { deliverPush } from "./deliver";
import { checkPushEndpoint } from "./endpoint-guard";
import { deleteSubscription, selectSubscription } from "./queries";
import { getVapidKeys } from "./vapid";

export const PUSH_QUEUE = "push-send";

/** One job per subscription, so a retry never pushes twice to the devices that already got it. */
export type PushJob = { subscriptionId: number; payload: string; queuedAt: string };

/** What the service worker receives (JSON, encrypted): client/service-worker/push.ts shows it. */
export type PushPayload = {
  title: string;
  body: string;
  path: string;
  tag: string;
  icon: string;
  kind: string;
  club_id: number | null;
};

const SENDS_IN_FLIGHT = 8;

export const DEFAULT_PUSH_ICON = "/icons/icon-192.png";

const RETRY = { retryLimit: 5, retryDelay: 10, retryBackoff: true } as const;

/** Queues one push to each of these subscriptions, in batches (a club post may reach thousands). */
export async function queueDeliveries(
  deps: Pick<AppDeps, "jobs">,
  subscriptionIds: number[],
  payload: PushPayload,
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  const data = { payload: JSON.stringify(payload), queuedAt: new Date().toISOString() };
  await declarePushQueue(deps);
  for (let i = 0; i < subscriptionIds.length; i += 1000) {
    const batch = subscriptionIds.slice(i, i + 1000);
    await deps.jobs.boss.insert(
      PUSH_QUEUE,
      batch.map((subscriptionId) => ({ data: { ...data, subscriptionId } satisfies PushJob, ...RETRY })),
    );
  }
}

async function declarePushQueue(deps: Pick<AppDeps, "jobs">) {
  // A push service answers within seconds; a job still active after a minute was lost with its process.
  await deps.jobs.declare(PUSH_QUEUE, { ...RETRY, expireInSeconds: 60 });
}

/**
 * Sends one push. 404 or 410: the browser unsubscribed, so the subscription is deleted. 429 and
 * 5xx (and network errors) throw, for pg-boss to retry with backoff, until the push's TTL has run
 * out. Other 4xx answers would fail the same way again: logged, not retried.
 */
export async function sendQueuedPush(deps: AppDeps, job: PushJob, signal?: AbortSignal): Promise<void> {
  const ttlLeft = deps.config.PUSH_TTL - Math.floor((Date.now() - Date.parse(job.queuedAt)) / 1000);
  if (ttlLeft <= 0) return;
  const subscription = await selectSubscription(deps.db, job.subscriptionId);
  if (!subscription) return;
  let checked: Awaited<ReturnType<typeof checkPushEndpoint>>;
  try {
    checked = await checkPushEndpoint(subscription.endpoint, deps.config.PUSH_ENDPOINT_ALLOWLIST);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    deps.logger.warn({ subscription_id: subscription.id }, "push endpoint refused at send time");
    return;
  }
  const status = await deliverPush({
    target: subscription,
    checked,
    payload: job.payload,
    vapid: await getVapidKeys(deps),
    ttlSeconds: ttlLeft,
    ca: deps.pushTestCa,
    signal,
  });
  if (status === 404 || status === 410) {
    await deleteSubscription(deps.db, subscription.id);
    return;
  }
  if (status === 429 || status >= 500) throw new Error(`push service answered ${status}`);
  if (status >= 400) deps.logger.warn({ subscription_id: subscription.id, status }, "push refused");
}

/**
 * Pushes go out in batches of up to 50, sent at once, and the worker fetches again at once
 * while batches come back full: a club post to thousands of members must not wait for the
 * queue's polling interval between single jobs (that gave 8 pushes a second). Each push
 * settles on its own: a failed one is failed (pg-boss retries it) and the rest complete.
 */
export async function workPushes(deps: AppDeps) {
  await declarePushQueue(deps);
  if (!deps.jobs.runsWorkers) return;
  await deps.jobs.boss.work<PushJob>(
    PUSH_QUEUE,
    { batchSize: 50, burstWhenBatchFull: true, localConcurrency: 2, pollingIntervalSeconds: 1 },
    async (jobs) => {
      // A few in flight, not the whole batch: each push's encryption holds the event loop for a
      // moment, and fifty at once would stall the API's requests behind them.
      let next = 0;
      const lane = async () => {
        for (let job = jobs[next++]; job; job = jobs[next++]) {
          try {
            await sendQueuedPush(deps, job.data, job.signal);
          } catch (error) {
            deps.logger.warn({ err: error, job_id: job.id }, "push failed; pg-boss retries it");
            await deps.jobs.boss.fail(PUSH_QUEUE, job.id, { message: String(error) });
          }
        }
      };
      await Promise.all(Array.from({ length: SENDS_IN_FLIGHT }, lane));
    },
  );
}
