import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { killAll, startAppProcess, TEST_JWT_SECRET } from "../../../test/app-process";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { type MailCapture, startMailCapture } from "../../../test/mail-capture";
import { waitUntil } from "../../../test/wait";
import { type JobQueue, startJobQueue } from "../../lib/jobs/queue";
import { withJobTables } from "../../lib/jobs/queue.fixtures";
import { createLogger } from "../../lib/logger";
import { createClub, createPost, createReader, daysFrom, NOW, type Person } from "./digest.fixtures";
import { queueDigests } from "./digest-fan-out";
import { isoWeekOf } from "./week";

/** How often the job queue fails expired jobs for retry (src/lib/jobs/queue.ts). */
const SUPERVISE_INTERVAL_SECONDS = 10;

/** The queue's name as pg-boss stores it (digest-fan-out.ts), spelled out: a rename would strand waiting jobs. */
const DIGEST_QUEUE = "digest";

setDefaultTimeout(150_000);

/**
 * The digest worker as its own process (`bun src/main.ts`), killed with SIGKILL in the middle of
 * a batch, right after one digest's SMTP 250 and before pg-boss completes the batch: the
 * process that starts next retries the batch, and nobody gets a digest twice.
 */
let t: TestApp;
let mail: MailCapture;
let jobs: JobQueue;
/** Once on, the second digest to reach the mail server is held unanswered (its sender is killed). */
let holding = false;

beforeAll(async () => {
  t = await setupTestApp({ PUBLIC_URL: "https://clubnica.test" });
  mail = await startMailCapture({
    hold: () => holding && mail.messages.length >= 1 && mail.held.length === 0,
  });
  // The test's own queue: it queues the week's digests and runs no worker.
  jobs = await startJobQueue({
    databaseUrl: t.databaseUrl,
    logger: createLogger("silent"),
    runWorkers: false,
  });
}, 60_000);
afterAll(async () => {
  await killAll();
  await jobs?.stop(0);
  await mail?.close();
  await t?.close();
});

const workerEnv = () => ({
  NODE_ENV: "test",
  DATABASE_URL: t.databaseUrl,
  JWT_SECRET: TEST_JWT_SECRET,
  SMTP_URL: mail.url,
  PUBLIC_URL: "https://clubnica.test",
  DIGEST_CRON: "off",
  JOB_WORKERS: "on",
});

const mailsTo = (person: Person) => mail.messages.filter((m) => m.to.includes(person.email));

async function digestJobs(week: string) {
  return await t.sql<{ state: string; retry_count: number; user_id: string }[]>`
    select state, retry_count, data->>'userId' as user_id from pgboss.job
    where name = ${DIGEST_QUEUE} and data->>'week' = ${week}`;
}

test("a killed worker's digest queue is retried within a minute: heartbeat, supervision and first retry add up to less", async () => {
  // An existing deployment's queue, made with the old settings (expiry 10 minutes, first retry
  // after a minute): starting the worker brings it up to the new ones.
  await withJobTables(t.databaseUrl, (tables) =>
    tables.createQueue(DIGEST_QUEUE, {
      policy: "exclusive",
      retryLimit: 5,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 600,
    }),
  );
  const worker = await startAppProcess({ env: workerEnv(), timeoutMs: 60_000 });
  worker.proc.kill("SIGKILL");
  await worker.proc.exited;
  const queue = await withJobTables(t.databaseUrl, (tables) => tables.getQueue(DIGEST_QUEUE));
  expect(queue).toMatchObject({
    // digest-jobs.ts's settings for the queue.
    heartbeatSeconds: 20,
    retryDelay: 5,
    retryBackoff: true,
  });
  // The worst case from the moment of the kill: the heartbeat goes stale, the next supervision
  // pass fails the job, its first retry waits retryDelay * (1 + random), a worker polls (2 s).
  const worstSeconds =
    (queue!.heartbeatSeconds ?? 0) + SUPERVISE_INTERVAL_SECONDS + 2 * (queue!.retryDelay ?? 0) + 2;
  expect(worstSeconds).toBeLessThan(60);
});

test("a worker killed after one digest's 250 and before the batch completes: the retry sends it nobody twice", async () => {
  const owner = await createReader(t, { locale: "es", role: "owner" });
  const first = await createReader(t, { locale: "es" });
  const second = await createReader(t, { locale: "en" });
  const club = await createClub(t, { owner, name: "Club de Robótica", members: [first, second] });
  await createPost(t, {
    clubId: club,
    author: owner,
    title: "Taller de Arduino",
    createdAt: daysFrom(NOW, -2),
  });
  const week = isoWeekOf(NOW);

  const worker = await startAppProcess({ env: workerEnv(), timeoutMs: 60_000 });
  // The first digest is answered 250; the next one reaches the server and waits for its answer.
  holding = true;
  expect(await queueDigests({ db: t.db, jobs }, { now: NOW })).toBeGreaterThanOrEqual(3);
  await waitUntil("a second digest on its way", () => mail.held.length === 1, { timeoutMs: 60_000 });
  // Killed while that second send waits for its 250: the batch was never completed.
  worker.proc.kill("SIGKILL");
  await worker.proc.exited;
  const delivered = mail.messages.map((m) => m.to[0]);
  expect(delivered).toHaveLength(1);
  const before = await digestJobs(week);
  expect(before.some((job) => job.state === "active")).toBe(true);

  // The next process (a restart, another replica) retries what was active.
  const restarted = Date.now();
  await startAppProcess({ env: workerEnv(), timeoutMs: 60_000 });
  await waitUntil(
    "every digest job completed",
    async () => (await digestJobs(week)).every((job) => job.state === "completed"),
    { timeoutMs: 90_000, everyMs: 250 },
  );
  const after = await digestJobs(week);
  expect(after.some((job) => job.retry_count > 0)).toBe(true);
  console.log(
    `digest jobs retried and completed ${((Date.now() - restarted) / 1000).toFixed(1)} s after the restart`,
  );
  for (const person of [first, second]) {
    expect({ who: person.username, mails: mailsTo(person).length }).toEqual({
      who: person.username,
      mails: 1,
    });
  }
  // The held (never answered) copy and the one sent again are the same mail to a mail client.
  const heldTo = mail.held[0]!.to[0]!;
  const resent = mail.messages.find((m) => m.to.includes(heldTo))!;
  expect(resent.headers["message-id"]).toBe(mail.held[0]!.headers["message-id"]);
  const [sends] = await t.sql<
    { n: number }[]
  >`select count(*)::int as n from digest_sends where week = ${week}`;
  expect(sends!.n).toBe(mail.messages.length);
});
