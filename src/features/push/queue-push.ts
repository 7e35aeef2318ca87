import type { AppDeps } from "../../deps";
import { findPushPreferences } from "../notification-settings/service";
import { MORNING_QUEUE } from "./morning-summary";
import { DEFAULT_PUSH_ICON, type PushPayload, queueDeliveries } from "./push-jobs";
import { insertHeldPush, selectSubscriptionIds } from "./queries";
import { findQuietHoursEnd } from "./quiet-hours";

/** A push as the rest of the app asks for it; title and body already in the recipient's language. */
export type PushNotice = {
  title: string;
  body: string;
  /** The app path a tap opens, e.g. `/clubs/12`. */
  path: string;
  /** Pushes with one tag replace each other on the device (one conversation, one club). */
  tag: string;
  icon?: string;
  /** The notice kind, for the person's per-kind push switch (`kinds[kind].push` in their settings). */
  kind: string;
  clubId?: number | null;
};

/**
 * The one way the app sends a push to a person. Skipped when they turned push off for this
 * kind or muted the club, or have no subscribed browser; held for the morning summary when
 * `now` is inside their quiet hours; otherwise queued to every browser they subscribed.
 */
export async function queuePush(
  deps: Pick<AppDeps, "db" | "jobs">,
  userId: number,
  notice: PushNotice,
  { now = new Date() }: { now?: Date } = {},
): Promise<"queued" | "held" | "skipped"> {
  const prefs = await findPushPreferences(deps.db, userId);
  if (prefs.pushOffKinds.has(notice.kind)) return "skipped";
  if (notice.clubId && prefs.mutedClubs.has(notice.clubId)) return "skipped";
  const subscriptionIds = await selectSubscriptionIds(deps.db, [userId]);
  if (subscriptionIds.length === 0) return "skipped";
  const quietEnd = findQuietHoursEnd(prefs.quietHours, now);
  if (quietEnd) {
    await insertHeldPush(deps.db, {
      userId,
      title: notice.title,
      body: notice.body,
      path: notice.path,
      kind: notice.kind,
      heldAt: now,
    });
    // One summary per person per night, however many pushes and replicas: the queue keeps one
    // waiting job per singleton key (policy "short", declared in workMorningSummaries).
    await deps.jobs.send(
      MORNING_QUEUE,
      { userId },
      { startAfter: quietEnd, singletonKey: `${userId}:${quietEnd.toISOString()}` },
    );
    return "held";
  }
  await queueDeliveries(deps, subscriptionIds, toPayload(notice));
  return "queued";
}

export function toPayload(notice: PushNotice): PushPayload {
  return {
    title: notice.title,
    body: notice.body,
    path: notice.path,
    tag: notice.tag,
    icon: notice.icon ?? DEFAULT_PUSH_ICON,
    kind: notice.kind,
    club_id: notice.clubId ?? null,
  };
}
