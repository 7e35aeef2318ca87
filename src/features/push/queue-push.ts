import { MUTE_PIERCING_KINDS, type NoticeKind } from "../../../common/api/notices";
import type { AppDeps } from "../../deps";
import { findPushPreferencesOf } from "../notification-settings/service";
import { MORNING_QUEUE } from "./morning-summary";
import { DEFAULT_PUSH_ICON, type PushPayload, queueDeliveries } from "./push-jobs";
import { insertHeldPushes, selectSubscriptionsOf } from "./queries";
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

export type PushOutcome = "queued" | "held" | "skipped";
type Deps = Pick<AppDeps, "db" | "jobs">;

/**
 * The one way the app sends a push to a person. Skipped when they turned push off for this
 * kind or muted the club, or have no subscribed browser; held for the morning summary when
 * `now` is inside their quiet hours; otherwise queued to every browser they subscribed.
 */
export async function queuePush(
  deps: Deps,
  userId: number,
  notice: PushNotice,
  options: { now?: Date } = {},
): Promise<PushOutcome> {
  return (await queuePushToMany(deps, [userId], notice, options)).get(userId) ?? "skipped";
}

/**
 * queuePush for many people at once (a club post to all its members): the same rules, with a
 * few queries for everyone instead of a few per person.
 */
export async function queuePushToMany(
  deps: Deps,
  userIds: number[],
  notice: PushNotice,
  { now = new Date() }: { now?: Date } = {},
): Promise<Map<number, PushOutcome>> {
  const outcomes = new Map<number, PushOutcome>(userIds.map((id) => [id, "skipped"]));
  const [prefs, subscriptions] = await Promise.all([
    findPushPreferencesOf(deps.db, userIds),
    selectSubscriptionsOf(deps.db, userIds),
  ]);
  const quietEnds = new Map<number, Date>();
  for (const userId of new Set(subscriptions.map((s) => s.userId))) {
    const p = prefs.get(userId);
    if (!p || p.pushOffKinds.has(notice.kind)) continue;
    if (
      notice.clubId &&
      p.mutedClubs.has(notice.clubId) &&
      !MUTE_PIERCING_KINDS.includes(notice.kind as NoticeKind)
    )
      continue;
    const quietEnd = findQuietHoursEnd(p.quietHours, now);
    if (quietEnd) quietEnds.set(userId, quietEnd);
    outcomes.set(userId, quietEnd ? "held" : "queued");
  }
  await insertHeldPushes(
    deps.db,
    [...quietEnds.keys()].map((userId) => ({
      userId,
      title: notice.title,
      body: notice.body,
      path: notice.path,
      kind: notice.kind,
      heldAt: now,
    })),
  );
  for (const [userId, quietEnd] of quietEnds) {
    // One summary per person per night, however many pushes and replicas: the queue keeps one
    // waiting job per singleton key (policy "short", declared in workMorningSummaries).
    await deps.jobs.send(
      MORNING_QUEUE,
      { userId },
      { startAfter: quietEnd, singletonKey: `${userId}:${quietEnd.toISOString()}` },
    );
  }
  const sendTo = subscriptions.filter((s) => outcomes.get(s.userId) === "queued").map((s) => s.id);
  await queueDeliveries(deps, sendTo, toPayload(notice));
  return outcomes;
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
