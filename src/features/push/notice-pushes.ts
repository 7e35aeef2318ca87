import { isLocale } from "../../../common/messages";
import type { Locale } from "../../../common/messages/locales";
import type { AppDeps } from "../../deps";
import { inLocale } from "../../platform/locale/request-locale";
import {
  findListedNotices,
  type ListedNotice,
  NOTICE_PUSH_JOB_OPTIONS,
  NOTICE_PUSH_QUEUE,
  type NoticePushJob,
  noticeImage,
  noticePath,
  renderNoticeText,
} from "../notices";
import { DEFAULT_PUSH_ICON, type PushJob, queuePushJobs, SENDS_IN_FLIGHT } from "./push-jobs";
import { selectRecipientLocales } from "./queries";
import { loadRecipients, type PushNotice, routePushes, toPayload } from "./queue-push";
import { requestDecisionPush } from "./request-decision";
import { sendPushesNow } from "./send-now";

/**
 * Jobs per batch: a busy chat queues one job per message, and the batch reads each notice once
 * however many of its jobs name it (a conversation's notice counts up while it is unread).
 */
const JOBS_PER_BATCH = 500;

/**
 * Every new notice (a post in my club, a message while I am away, a request accepted…) becomes a
 * push. The job was queued in the transaction that wrote the notices (notices/push-queue.ts), so
 * it exists exactly when they are committed. The worker takes the waiting jobs in batches and
 * fetches again at once while batches come back full, so a backlog drains at the speed of the
 * sends, not one job per polling interval; each batch's pushes go out SENDS_IN_FLIGHT at once.
 */
export async function workNoticePushes(deps: AppDeps): Promise<void> {
  await deps.jobs.declare(NOTICE_PUSH_QUEUE, NOTICE_PUSH_JOB_OPTIONS);
  if (!deps.jobs.runsWorkers) return;
  await deps.jobs.workBatches<NoticePushJob>(
    NOTICE_PUSH_QUEUE,
    { batchSize: JOBS_PER_BATCH, burstWhenBatchFull: true, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      await pushNotices(deps, [...new Set(jobs.flatMap((job) => job.data.ids))]);
    },
  );
}

/**
 * Pushes the notices that are still unread, each once per count: the delivery key is the
 * notice and its count, so a conversation's notice pushed at 3 messages is pushed again at 5,
 * and a retried batch sends nothing that already went out. Muted clubs, per-kind switches and
 * quiet hours are applied by routePushes.
 */
async function pushNotices(deps: AppDeps, ids: number[]): Promise<void> {
  const rows = (await findListedNotices(deps.db, ids)).filter((row) => !row.muted && !row.readAt);
  const locales = await selectRecipientLocales(deps.db, [...new Set(rows.map((row) => row.userId))]);
  // One push per distinct content: a club post to 10,000 members is one group per language.
  const groups = new Map<string, { rows: ListedNotice[]; locale: Locale | null }>();
  for (const row of rows) {
    const saved = locales.get(row.userId);
    const locale: Locale | null = saved && isLocale(saved) ? saved : null;
    const key = [locale, row.kind, row.clubId, row.postId, row.actorId, row.conversationKey, row.count].join(
      "|",
    );
    const group = groups.get(key) ?? { rows: [], locale };
    group.rows.push(row);
    groups.set(key, group);
  }
  const recipients = await loadRecipients(deps, [...locales.keys()]);
  const queuedAt = new Date().toISOString();
  const pushes: PushJob[] = [];
  for (const group of groups.values()) {
    const first = group.rows[0]!;
    const notice = inLocale(group.locale, () => noticePush(first));
    const noticeOf = new Map(group.rows.map((row) => [row.userId, row]));
    const routed = await routePushes(deps, [...noticeOf.keys()], notice, new Date(), recipients);
    const payload = JSON.stringify(toPayload(notice));
    for (const { subscriptionId, userId } of routed.targets) {
      const row = noticeOf.get(userId)!;
      pushes.push({ subscriptionId, payload, queuedAt, key: `notice:${row.id}:${row.count}` });
    }
  }
  const failed = await sendPushesNow(deps, pushes, SENDS_IN_FLIGHT);
  // A push the service could not take now (429, 5xx, network) is retried by its own job, with
  // backoff; its key keeps it from going twice.
  await queuePushJobs(deps, failed);
}

function noticePush(row: ListedNotice): PushNotice {
  return (
    requestDecisionPush(row) ?? {
      title: row.clubName ?? row.actorName ?? "ClubNica",
      body: renderNoticeText(row),
      path: noticePath(row),
      // A conversation's pushes replace each other on the phone; other notices stand alone.
      tag: row.conversationKey ?? `${row.kind}-${row.postId ?? row.clubId ?? row.id}`,
      icon: noticeImage(row) ?? DEFAULT_PUSH_ICON,
      kind: row.kind,
      clubId: row.clubId,
    }
  );
}
