import type { AppDeps } from "../../deps";
import { defaultLocale, inLocale } from "../../platform/locale/request-locale";
import { sendOnce } from "../../platform/sent-mails/service";
import { publicBaseUrl } from "../events";
import { renderDigestMail } from "./digest-mail";
import {
  ensureDigestToken,
  findDigestRecipient,
  findLastDigestAt,
  hasDigestFor,
  listDigestCandidates,
  recordDigestSend,
} from "./queries";
import { collectDigest, countDigestItems, digestSince } from "./service";
import { isoWeekOf } from "./week";

/** The weekly tick (DIGEST_CRON); it queues one DIGEST_QUEUE job per person. */
const DIGEST_WEEK_QUEUE = "digest-week";
const DIGEST_QUEUE = "digest";
/** People per page of the fan-out: one query and one bulk insert of jobs each. */
const PAGE = 500;
/** Digest jobs one worker fetches at once (sent one after the other). */
const DIGEST_BATCH = 20;

type DigestJob = { userId: number; week: string; now: string };

function unsubscribeUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/api/digest/unsubscribe?token=${token}`;
}

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

/** The same Message-ID on every attempt: a mail client shows a resent copy as the same mail. */
function digestMessageId(baseUrl: string, { userId, week }: { userId: number; week: string }) {
  return `<digest-${userId}-${week}@${new URL(baseUrl).hostname}>`;
}

/**
 * Sends one person's digest for the week, when there is something new and none went out yet.
 * digest_sends (person, week) is the ledger: checked under a lock on the key before sending and
 * written right after the SMTP server's 250, in its own commit (sendOnce), so another replica
 * or a retry after a crash finds it and sends nothing. Returns whether a mail was sent.
 */
export async function sendDigest(deps: Pick<AppDeps, "db" | "mailer" | "config">, job: DigestJob) {
  // No mail server: a digest is only an e-mail (and retries would only fill the log).
  if (deps.mailer.mode === "disabled") return false;
  const now = new Date(job.now);
  const person = await findDigestRecipient(deps.db, job.userId, now);
  if (!person?.email || (await hasDigestFor(deps.db, person.id, job.week))) return false;
  const since = digestSince(now, await findLastDigestAt(deps.db, person.id));
  const content = await collectDigest(deps.db, { person, since, now });
  const items = countDigestItems(content);
  if (items === 0) return false;
  const baseUrl = publicBaseUrl(deps.config);
  const link = unsubscribeUrl(baseUrl, await ensureDigestToken(deps.db, person.id));
  const to = person.email;
  const key = { userId: person.id, week: job.week };
  return await sendOnce({
    db: deps.db,
    key: `digest:${person.id}:${job.week}`,
    alreadySent: (tx) => hasDigestFor(tx, person.id, job.week),
    recordSent: (tx) => recordDigestSend(tx, { ...key, sentAt: now, items }),
    send: async () => {
      const mail = inLocale(person.locale ?? defaultLocale(), () =>
        renderDigestMail({ content, person, baseUrl, unsubscribeUrl: link }),
      );
      await deps.mailer.send({
        to,
        ...mail,
        messageId: digestMessageId(baseUrl, key),
        // RFC 2369 and RFC 8058: mail clients show an "Unsubscribe" button that POSTs to the link.
        headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
      return true;
    },
  });
}

/**
 * The digest queue's retry settings. A worker sends a heartbeat for the jobs in hand every
 * 10 s while its batch runs (however long SMTP takes); a killed worker's jobs miss it and are
 * retried after at most HEARTBEAT + the supervise interval (10 s) + the first retry's delay
 * (under 10 s): within a minute. Expiry only bounds a worker that is alive but stuck.
 */
const DIGEST_QUEUE_SETTINGS = {
  // One job per (person, week) key queued or running at a time.
  policy: "exclusive",
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 600,
  heartbeatSeconds: 20,
  expireInSeconds: 600,
  deleteAfterSeconds: 7 * 24 * 3600,
} as const;

export async function workDigests(deps: AppDeps) {
  await deps.jobs.declare(DIGEST_WEEK_QUEUE, { retryLimit: 3, retryDelay: 60, expireInSeconds: 600 });
  await deps.jobs.declare(DIGEST_QUEUE, DIGEST_QUEUE_SETTINGS);
  // Fetched 20 at a time and, while batches come back full, without waiting for the next poll:
  // with one job per poll (the default), 2,000 digests were not all out after 10 minutes.
  await deps.jobs.work<DigestJob>(
    DIGEST_QUEUE,
    async (job) => {
      await sendDigest(deps, job);
    },
    { batchSize: DIGEST_BATCH, burstWhenBatchFull: true },
  );
  await deps.jobs.work(DIGEST_WEEK_QUEUE, async () => {
    if (deps.mailer.mode === "disabled") return;
    const queued = await queueDigests(deps, { now: new Date() });
    deps.logger.info({ queued }, "weekly digests queued");
  });
  if (deps.config.DIGEST_CRON !== "off") await deps.jobs.schedule(DIGEST_WEEK_QUEUE, deps.config.DIGEST_CRON);
}
