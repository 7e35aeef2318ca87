import { type JobInsert, PgBoss, type Queue, type SendOptions, type WorkOptions } from "pg-boss";
import type { Executor } from "../database/client";
import { jobDatabaseOf } from "../database/job-transaction";
import type { Logger } from "../logger";

/** pg-boss keeps its tables in their own schema, apart from the app's migrations. */
const JOBS_SCHEMA = "pgboss";

/** How often expired jobs are failed for retry (see `superviseIntervalSeconds`). */
const SUPERVISE_INTERVAL_SECONDS = 10;

/** `signal` aborts when this process stops: a long job should stop there and throw, to be retried elsewhere. */
export type JobHandler<T> = (
  data: T,
  job: { id: string; name: string; retryCount: number; signal: AbortSignal },
) => Promise<void>;

type QueueSettings = Omit<Queue, "name">;

export type JobQueue = {
  /** Connects, installs or upgrades pg-boss's schema when needed, and starts its supervisor. */
  start: () => Promise<void>;
  /**
   * Creates a queue with its policy and retry settings, or brings an existing queue's retry and
   * expiry settings up to these (idempotent). `policy: "short"` keeps at
   * most one waiting job per singleton key. Queues not declared get pg-boss's defaults.
   */
  declare: (name: string, settings: QueueSettings) => Promise<void>;
  /** Queues one job; returns its id, or null when a singleton key already holds a job. */
  send: <T extends object>(name: string, data: T, options?: SendOptions) => Promise<string | null>;
  /**
   * Queues one job inside the caller's open transaction: it commits with the write that requires
   * it, or not at all, so a crash after the commit loses nothing and a rollback sends nothing.
   */
  sendWithin: <T extends object>(
    tx: Executor,
    name: string,
    data: T,
    options?: Omit<SendOptions, "db">,
  ) => Promise<string | null>;
  /**
   * Queues many jobs in one statement (in `tx` when given, committing with it); answers the ids
   * of the jobs made (a singleton key already held makes none).
   */
  insert: <T extends object>(
    name: string,
    jobs: Omit<JobInsert<T>, "name">[],
    options?: { tx?: Executor },
  ) => Promise<string[]>;
  /**
   * Runs `handler` on each batch of jobs this process fetches (`batchSize`, and
   * `burstWhenBatchFull` to fetch again at once while a backlog lasts). The batch completes when
   * the handler resolves and is retried when it throws; `fail` settles one job of it alone.
   */
  workBatches: <T extends object>(
    name: string,
    options: WorkOptions,
    handler: (jobs: { id: string; data: T; signal: AbortSignal }[]) => Promise<void>,
  ) => Promise<void>;
  /** Fails one job (pg-boss retries it by its queue's settings). */
  fail: (name: string, id: string, message: string) => Promise<void>;
  /** Runs `handler` for every job of `name` this process fetches (one at a time by default). */
  work: <T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions) => Promise<void>;
  /** A recurring job (cron in UTC); every replica may call it, pg-boss keeps one schedule per name. */
  schedule: (name: string, cron: string, data?: object) => Promise<void>;
  /** Graceful: stops fetching, waits for the jobs in flight (up to timeoutMs), closes the pool. */
  stop: (timeoutMs?: number) => Promise<void>;
  /** False when JOB_WORKERS=off: a worker that calls pg-boss directly checks it too. */
  runsWorkers: boolean;
};
// pg-boss itself stays inside: tests that inspect its tables open their own client
// (openJobTables in queue.fixtures.ts).

export type JobQueueOptions = {
  databaseUrl: string;
  logger: Logger;
  /** Connections in pg-boss's own pool (its workers, maintenance and LISTEN). */
  max?: number;
  /** How often an idle worker polls for new jobs. */
  pollingIntervalSeconds?: number;
  /**
   * How often pg-boss fails expired jobs and jobs whose heartbeat stopped (a killed worker's), so
   * they are retried: it adds up to this much to a queue's heartbeat or expiry.
   */
  superviseIntervalSeconds?: number;
  /**
   * false (JOB_WORKERS=off): `work` only declares its queue, so this process sends jobs and
   * keeps schedules but runs none; another process runs them.
   */
  runWorkers?: boolean;
};

/**
 * The PostgreSQL job queue (pg-boss) for this process; nothing connects until `start()`. pg-boss brings its own `pg` pool:
 * it relies on node-postgres features (LISTEN on a pinned connection, its advisory-locked
 * installer) that postgres.js does not offer through its interface, and the queue's few
 * connections are kept apart from the app's pool. Installing or upgrading its schema is
 * advisory-locked by pg-boss, so several replicas may start at once.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { logger } = options;
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: JOBS_SCHEMA,
    max: options.max ?? 4,
    application_name: "clubnica-jobs",
    // pg-boss's default (60 s) plus a job's heartbeat would retry a killed worker's jobs only
    // after more than a minute.
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? SUPERVISE_INTERVAL_SECONDS,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? SUPERVISE_INTERVAL_SECONDS,
  });
  // Only what helps: pg's errors carry their whole client (connection settings included).
  boss.on("error", (error: Error & { queue?: string }) =>
    logger.error({ error: error.message, queue: error.queue }, "job queue error"),
  );
  const polling = options.pollingIntervalSeconds ?? 2;
  // Aborted as soon as stop() begins (pg-boss's own job signal fires only once its grace period
  // is over), so a long job can hand its remaining work to another replica at once.
  const stopping = new AbortController();
  const queues = new Set<string>();

  // Queues must exist before send/work; createQueue is idempotent but costs a round trip.
  async function ensureQueue(name: string, settings: QueueSettings = {}) {
    if (queues.has(name)) return;
    await boss.createQueue(name, settings);
    // createQueue leaves an existing queue as it was: a deployment that changes a queue's retry
    // or expiry settings would otherwise keep the first ones forever. (Its policy cannot change.)
    const { policy: _policy, partition: _partition, ...changeable } = settings;
    if (Object.keys(changeable).length > 0) await boss.updateQueue(name, changeable);
    queues.add(name);
  }

  return {
    runsWorkers: options.runWorkers !== false,
    start: async () => {
      await boss.start();
    },
    declare: (name, settings) => ensureQueue(name, settings),
    send: async (name, data, sendOptions) => {
      await ensureQueue(name);
      return await boss.send(name, data, sendOptions ?? {});
    },
    sendWithin: async (tx, name, data, sendOptions) => {
      // Created (idempotently) on pg-boss's own pool: DDL has no place in the caller's transaction.
      await ensureQueue(name);
      return await boss.send(name, data, { ...sendOptions, db: jobDatabaseOf(tx) });
    },
    insert: async (name, jobs, insertOptions) => {
      await ensureQueue(name);
      const db = insertOptions?.tx ? jobDatabaseOf(insertOptions.tx) : undefined;
      const ids = await boss.insert(name, jobs, { returnId: true, ...(db ? { db } : {}) });
      return ids ?? [];
    },
    workBatches: async (name, workOptions, handler) => {
      await ensureQueue(name);
      if (options.runWorkers === false) return;
      await boss.work<Parameters<typeof handler>[0][number]["data"]>(
        name,
        { pollingIntervalSeconds: polling, ...workOptions },
        async (jobs) => {
          await handler(
            jobs.map((job) => ({
              id: job.id,
              data: job.data,
              signal: AbortSignal.any([job.signal, stopping.signal]),
            })),
          );
        },
      );
    },
    fail: async (name, id, message) => {
      await boss.fail(name, id, { message });
    },
    work: async (name, handler, workOptions) => {
      await ensureQueue(name);
      if (options.runWorkers === false) return;
      const settings: WorkOptions = { pollingIntervalSeconds: polling, ...workOptions };
      await boss.work<Parameters<typeof handler>[0]>(name, settings, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data, {
              id: job.id,
              name: job.name,
              retryCount: job.retryCount,
              signal: AbortSignal.any([job.signal, stopping.signal]),
            });
          } catch (error) {
            logger.warn({ err: error, job: job.name, job_id: job.id }, "job failed; pg-boss retries it");
            throw error;
          }
        }
      });
    },
    schedule: async (name, cron, data) => {
      await ensureQueue(name);
      await boss.schedule(name, cron, data ?? null, { tz: "UTC" });
    },
    stop: async (timeoutMs = 10_000) => {
      stopping.abort();
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}

/** Creates and starts the queue (what the server and the tests do at start-up). */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const queue = createJobQueue(options);
  await queue.start();
  return queue;
}
