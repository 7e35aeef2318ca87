import type { AppDeps } from "../../deps";
import { inLanes, type PushJob, sendPushTo, ttlLeft } from "./push-jobs";
import { selectDelivered, selectSubscriptions } from "./queries";

/**
 * Sends these pushes from the worker that has them, `lanes` at once, skipping those
 * push_deliveries already records (a retried batch). Answers the pushes that failed in a way
 * worth retrying (429, 5xx, network), for the caller to queue.
 */
export async function sendPushesNow(deps: AppDeps, pushes: PushJob[], lanes: number): Promise<PushJob[]> {
  const delivered = await selectDelivered(deps.db, pushes);
  const due = pushes.filter((push) => !delivered.has(`${push.subscriptionId}|${push.key}`));
  const subscriptions = new Map(
    (await selectSubscriptions(deps.db, [...new Set(due.map((push) => push.subscriptionId))])).map((s) => [
      s.id,
      s,
    ]),
  );
  const failed: PushJob[] = [];
  await inLanes(due, lanes, async (push) => {
    const subscription = subscriptions.get(push.subscriptionId);
    const ttlSeconds = ttlLeft(deps, push.queuedAt);
    if (!subscription || ttlSeconds <= 0) return;
    try {
      await sendPushTo(deps, subscription, { payload: push.payload, key: push.key, ttlSeconds });
    } catch (error) {
      deps.logger.warn({ err: error, subscription_id: push.subscriptionId }, "push failed; queued to retry");
      failed.push(push);
    }
  });
  return failed;
}
