import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import { DomainError } from "../../lib/errors";
import { deliverPush, pushCertificateAuthorities } from "./deliver";
import { checkPushEndpoint } from "./endpoint-guard";
import {
  deleteSubscription,
  insertDelivery,
  type SubscriptionRow,
  selectDelivered,
  selectSubscription,
} from "./queries";
import { getVapidKeys } from "./vapid";

export const PUSH_QUEUE = "push-send";

/**
 * One job per subscription. `key` names the push for push_deliveries (a notice and its count,
 * or a key made when the job was queued), so a retry never sends what a push service already
 * accepted.
 */
export type PushJob = { subscriptionId: number; payload: string; queuedAt: string; key: string };

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

/** Pushes in flight per worker: each one's encryption holds the event loop for a moment. */
export const SENDS_IN_FLIGHT = 8;

export const DEFAULT_PUSH_ICON = "/icons/icon-192.png";

/**
 * Retries with backoff; a killed worker's jobs are failed (and retried) once their heartbeat is
 * 10 s stale, which the queue's monitor sees within its 10 s interval (src/lib/jobs/queue.ts):
 * retried well within a minute, however long a batch runs while its worker lives. Set on each
 * job, so a queue made by an older release (60 s expiry, no heartbeat) gets them too.
 */
const PUSH_JOB_OPTIONS = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  heartbeatSeconds: 10,
  expireInSeconds: 600,
} as const;

/**
 * Queues one push to each of these subscriptions, in batches (a club post may reach thousands).
 * With `tx` the jobs are queued in that transaction (they exist exactly when it commits).
 */
export async function queueDeliveries(
  deps: Pick<AppDeps, "jobs">,
  subscriptionIds: number[],
  payload: PushPayload,
  { tx, key = `push:${crypto.randomUUID()}` }: { tx?: Executor; key?: string } = {},
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await declarePushQueue(deps);
  const data = { payload: JSON.stringify(payload), queuedAt: new Date().toISOString(), key };
  await queuePushJobs(
    deps,
    subscriptionIds.map((subscriptionId) => ({ ...data, subscriptionId })),
    tx,
  );
}

/** Queues these push jobs (1,000 a statement), in `tx` when given. */
export async function queuePushJobs(deps: Pick<AppDeps, "jobs">, jobs: PushJob[], tx?: Executor) {
  for (let i = 0; i < jobs.length; i += 1000) {
    const batch = jobs.slice(i, i + 1000).map((data) => ({ data, ...PUSH_JOB_OPTIONS }));
    await deps.jobs.insert(PUSH_QUEUE, batch, { tx });
  }
}

export async function declarePushQueue(deps: Pick<AppDeps, "jobs">) {
  await deps.jobs.declare(PUSH_QUEUE, PUSH_JOB_OPTIONS);
}

export type SendOutcome = "sent" | "gone" | "refused";

/**
 * Sends one push to `subscription` and records it in push_deliveries right after the push
 * service accepted it. 404 or 410: the browser unsubscribed, so the subscription is deleted.
 * 429 and 5xx (and network errors) throw, to be retried. Other 4xx answers would fail the same
 * way again: logged, not retried. A kill between the push service's answer and the record
 * leaves that one push unrecorded: it is the one a retry may send again.
 */
export async function sendPushTo(
  deps: AppDeps,
  subscription: SubscriptionRow,
  push: { payload: string; key: string; ttlSeconds: number },
  signal?: AbortSignal,
): Promise<SendOutcome> {
  let checked: Awaited<ReturnType<typeof checkPushEndpoint>>;
  try {
    checked = await checkPushEndpoint(subscription.endpoint, deps.config.PUSH_ENDPOINT_ALLOWLIST);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    deps.logger.warn({ subscription_id: subscription.id }, "push endpoint refused at send time");
    return "refused";
  }
  const status = await deliverPush({
    target: subscription,
    checked,
    payload: push.payload,
    vapid: await getVapidKeys(deps),
    ttlSeconds: push.ttlSeconds,
    ca: pushCertificateAuthorities(deps.config.PUSH_CA_FILE),
    signal,
  });
  if (status >= 200 && status < 300) {
    await insertDelivery(deps.db, subscription.id, push.key);
    return "sent";
  }
  if (status === 404 || status === 410) {
    await deleteSubscription(deps.db, subscription.id);
    return "gone";
  }
  if (status === 429 || status >= 500) throw new Error(`push service answered ${status}`);
  deps.logger.warn({ subscription_id: subscription.id, status }, "push refused");
  return "refused";
}

/** Seconds of the push's TTL left since it was queued (0: too late to send). */
export function ttlLeft(deps: Pick<AppDeps, "config">, queuedAt: string): number {
  return Math.max(0, deps.config.PUSH_TTL - Math.floor((Date.now() - Date.parse(queuedAt)) / 1000));
}

/** Sends one queued push, unless its TTL ran out or push_deliveries says it already went. */
export async function sendQueuedPush(deps: AppDeps, job: PushJob, signal?: AbortSignal): Promise<void> {
  const ttlSeconds = ttlLeft(deps, job.queuedAt);
  if (ttlSeconds <= 0) return;
  const done = await selectDelivered(deps.db, [job]);
  if (done.size > 0) return;
  const subscription = await selectSubscription(deps.db, job.subscriptionId);
  if (!subscription) return;
  await sendPushTo(deps, subscription, { payload: job.payload, key: job.key, ttlSeconds }, signal);
}

/** Runs `each` over `items` with at most `lanes` in flight. */
export async function inLanes<T>(items: T[], lanes: number, each: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) await each(item);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}
