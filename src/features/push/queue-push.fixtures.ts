import type { AppDeps } from "../../deps";
import { queueDeliveries } from "./push-jobs";
import { type PushNotice, type PushOutcome, routePushes, toPayload } from "./queue-push";

type Deps = Pick<AppDeps, "db" | "jobs">;

/**
 * A push to one person by the app's routing rules, for tests (the app pushes notices through
 * notice-pushes.ts, the same routePushes). Skipped when they turned push off for this kind or
 * muted the club, or have no subscribed browser; held for the morning summary when `now` is
 * inside their quiet hours; otherwise queued to every browser they subscribed.
 */
export async function queuePush(
  deps: Deps,
  userId: number,
  notice: PushNotice,
  options: { now?: Date } = {},
): Promise<PushOutcome> {
  return (await queuePushToMany(deps, [userId], notice, options)).get(userId) ?? "skipped";
}

/** queuePush for many people at once: the same rules, a few queries for everyone. */
async function queuePushToMany(
  deps: Deps,
  userIds: number[],
  notice: PushNotice,
  { now = new Date() }: { now?: Date } = {},
): Promise<Map<number, PushOutcome>> {
  const routed = await routePushes(deps, userIds, notice, now);
  await queueDeliveries(
    deps,
    routed.targets.map((target) => target.subscriptionId),
    toPayload(notice),
  );
  return routed.outcomes;
}
