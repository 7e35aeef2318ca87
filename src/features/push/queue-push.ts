import { MUTE_PIERCING_KINDS, type NoticeKind } from "../../../common/api/notices";
import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import { findPushPreferencesOf } from "../notification-settings";
import { MORNING_QUEUE } from "./morning-summary";
import { DEFAULT_PUSH_ICON, type PushPayload } from "./push-jobs";
import { insertHeldPushes, lockHeldPushesOf, selectSubscriptionsOf } from "./queries";
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

/** Where a push to these people goes now: each person's outcome, and the browsers to send it to. */
type RoutedPushes = {
  outcomes: Map<number, PushOutcome>;
  targets: { subscriptionId: number; userId: number }[];
};

/** What routing needs about the recipients: their push settings and subscribed browsers. */
export type Recipients = {
  prefs: Awaited<ReturnType<typeof findPushPreferencesOf>>;
  subscriptions: { id: number; userId: number }[];
};

/** Reads the recipients once for many routePushes calls (a batch of notices). */
export async function loadRecipients(deps: Deps, userIds: number[]): Promise<Recipients> {
  const [prefs, subscriptions] = await Promise.all([
    findPushPreferencesOf(deps.db, userIds),
    selectSubscriptionsOf(deps.db, userIds),
  ]);
  return { prefs, subscriptions };
}

/**
 * Applies the person's switches and quiet hours: pushes inside quiet hours are held (and their
 * morning summary queued, in one transaction); the rest are returned as targets to send.
 */
export async function routePushes(
  deps: Deps,
  userIds: number[],
  notice: PushNotice,
  now: Date,
  recipients?: Recipients,
) {
  const outcomes = new Map<number, PushOutcome>(userIds.map((id) => [id, "skipped"]));
  const wanted = new Set(userIds);
  const { prefs, subscriptions: all } = recipients ?? (await loadRecipients(deps, userIds));
  const subscriptions = recipients ? all.filter((s) => wanted.has(s.userId)) : all;
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
  if (quietEnds.size > 0) await deps.db.transaction((tx) => holdPushes(deps, tx, quietEnds, notice, now));
  const targets = subscriptions
    .filter((s) => outcomes.get(s.userId) === "queued")
    .map((s) => ({ subscriptionId: s.id, userId: s.userId }));
  return { outcomes, targets } satisfies RoutedPushes;
}

/**
 * Holds the push for each person until their quiet hours end, and queues their morning summary
 * in the same transaction, under the lock the summary's claim takes (a claim waits for this).
 */
async function holdPushes(
  deps: Deps,
  tx: Executor,
  quietEnds: Map<number, Date>,
  notice: PushNotice,
  now: Date,
) {
  await lockHeldPushesOf(tx, [...quietEnds.keys()]);
  await insertHeldPushes(
    tx,
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
    await deps.jobs.sendWithin(
      tx,
      MORNING_QUEUE,
      { userId },
      { startAfter: quietEnd, singletonKey: `${userId}:${quietEnd.toISOString()}` },
    );
  }
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
