import { format, isLocale, m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { inLocale } from "../../platform/locale/request-locale";
import { DEFAULT_PUSH_ICON, queueDeliveries } from "./push-jobs";
import {
  claimHeldPushes,
  type HeldPushRow,
  lockHeldPushesOf,
  selectRecipientLocale,
  selectSubscriptionIds,
} from "./queries";

/** One person's summary, due at the end of their quiet hours. */
export type MorningJob = { userId: number };

const LISTED = 3;

function summarize(held: HeldPushRow[]) {
  const paths = new Set(held.map((row) => row.path));
  const listed = held.slice(0, LISTED).map((row) => row.title);
  if (held.length > LISTED) listed.push(format(m.push.summaryMore, { count: held.length - LISTED }));
  return {
    title: format(m.push.summaryTitle, { count: held.length }),
    body: listed.join("\n"),
    // One place to go when everything was about one thing; otherwise the start page.
    path: paths.size === 1 ? (held[0]?.path ?? "/") : "/",
  };
}

/**
 * At the end of a person's quiet hours: every push held for them becomes ONE summary push, in
 * their language. One transaction under the person's held-pushes lock claims (deletes) the held
 * rows and queues the summary's push jobs: a hold still in flight (holdPushes takes the same
 * lock) is waited for, so the whole night's set goes to one sender, and a second run, or a
 * concurrent one on another replica, finds nothing to send.
 */
export async function sendMorningSummary(deps: Pick<AppDeps, "db" | "jobs">, { userId }: MorningJob) {
  await deps.db.transaction(async (tx) => {
    await lockHeldPushesOf(tx, [userId]);
    const held = await claimHeldPushes(tx, userId);
    if (held.length === 0) return;
    const subscriptionIds = await selectSubscriptionIds(tx, [userId]);
    if (subscriptionIds.length === 0) return;
    const locale = await selectRecipientLocale(tx, userId);
    const summary = inLocale(locale && isLocale(locale) ? locale : null, () => summarize(held));
    const payload = {
      ...summary,
      tag: "morning-summary",
      icon: DEFAULT_PUSH_ICON,
      kind: "summary",
      club_id: null,
    };
    await queueDeliveries(deps, subscriptionIds, payload, { tx, key: `summary:${held[0]!.id}` });
  });
}
