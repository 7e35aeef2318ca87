import type { Executor } from "../../lib/database/client";
import type { JobQueue } from "../../lib/jobs/queue";
import type { NoticeRow } from "./queries";

/** The queue the push feature works (src/features/push/notice-pushes.ts): notices that may become pushes. */
export const NOTICE_PUSH_QUEUE = "notice-push";

/** A job names the notices to push; the worker reads them back (committed, unread, current count). */
export type NoticePushJob = { ids: number[] };

/**
 * Retries, and a heartbeat: a job whose worker was killed is retried once its heartbeat is 10 s
 * stale (the queue's monitor looks every 10 s, src/lib/jobs/queue.ts), however long a healthy
 * batch runs. On each job, so a queue made by an older release gets them too.
 */
export const NOTICE_PUSH_JOB_OPTIONS = {
  retryLimit: 5,
  retryDelay: 1,
  retryBackoff: true,
  heartbeatSeconds: 10,
  expireInSeconds: 600,
} as const;

/** Ids per job: a club post to thousands of members is a few jobs, each one row. */
const IDS_PER_JOB = 2000;

/** What a notice is written with: the statement's executor, and the queue its push job joins. */
export type NoticeWriter = { db: Executor; jobs: Pick<JobQueue, "sendWithin"> };

/**
 * Queues the push job for these just-written notices through `tx`, the transaction that wrote
 * them: the job exists exactly when the notices do, so a crash or a database restart between
 * the write and the queue can neither lose the push nor queue one for a rolled-back notice.
 * Muted notices and recipients without a subscribed browser need no job.
 */
export async function queueNoticePushes(
  jobs: NoticeWriter["jobs"],
  tx: Executor,
  rows: Pick<NoticeRow, "id" | "pushable" | "muted">[],
) {
  await queuePushJobs(
    jobs,
    tx,
    rows.filter((row) => row.pushable && !row.muted).map((row) => row.id),
  );
}

/** The jobs for notices already known to need a push (queueNoticePushes' filter applied). */
export async function queuePushJobs(jobs: NoticeWriter["jobs"], tx: Executor, ids: number[]) {
  if (ids.length === 0) return;
  for (let i = 0; i < ids.length; i += IDS_PER_JOB) {
    await jobs.sendWithin<NoticePushJob>(
      tx,
      NOTICE_PUSH_QUEUE,
      { ids: ids.slice(i, i + IDS_PER_JOB) },
      NOTICE_PUSH_JOB_OPTIONS,
    );
  }
}
