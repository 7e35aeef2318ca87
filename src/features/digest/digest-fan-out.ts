import type { AppDeps } from "../../deps";
import { listDigestCandidates } from "./queries";
import type { DigestJob } from "./send-digest";
import { isoWeekOf } from "./week";

/** One job per person and week; the worker is digest-jobs.ts. */
export const DIGEST_QUEUE = "digest";
/** People per page of the fan-out: one query and one bulk insert of jobs each. */
const PAGE = 500;

/**
 * Queues this week's digest jobs, a page of people at a time (the queue, not this job, does the
 * work). The singleton key (person, week) keeps one job per person-week queued or running,
 * whichever replica fans out; digest_sends keeps it to one e-mail. Returns how many it queued.
 */
export async function queueDigests(deps: Pick<AppDeps, "db" | "jobs">, { now }: { now: Date }) {
  const week = isoWeekOf(now);
  let afterId = 0;
  let queued = 0;
  for (;;) {
    const ids = await listDigestCandidates(deps.db, { afterId, limit: PAGE, now });
    if (ids.length === 0) return queued;
    const jobs = ids.map((userId) => ({
      data: { userId, week, now: now.toISOString() } satisfies DigestJob,
      singletonKey: `${userId}:${week}`,
    }));
    queued += (await deps.jobs.insert(DIGEST_QUEUE, jobs)).length;
    afterId = ids[ids.length - 1]!;
  }
}
