/**
 * What every benchmark shares: a PostgreSQL server with throwaway migrated databases, the real
 * app in process over one of them, and latency percentiles.
 */
import postgres from "postgres";
import { createApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import type { AppDeps } from "../../src/deps";
import { connectDatabase } from "../../src/lib/database/client";
import { runMigrations } from "../../src/lib/database/migrate";
import { createJobQueue } from "../../src/lib/jobs/queue";
import { createLogger } from "../../src/lib/logger";
import { createMailer } from "../../src/lib/mailer";
import { startTestPostgres, withDatabase } from "../../test/database";

export const BENCH_JWT_SECRET = "bench-secret-that-is-long-enough-for-hs256-signing";

/**
 * Starts PostgreSQL (TEST_DATABASE_URL, else a throwaway embedded cluster). `createDatabase`
 * makes and migrates a fresh database and returns its URL; `stop` drops them all and stops
 * the server.
 */
export async function startBenchPostgres() {
  const server = await startTestPostgres();
  const admin = postgres(server.url, { max: 1, onnotice: () => {} });
  const names: string[] = [];
  return {
    async createDatabase(name: string): Promise<string> {
      await admin.unsafe(`create database "${name}"`);
      names.push(name);
      const url = withDatabase(server.url, name);
      await runMigrations(url);
      return url;
    },
    async stop() {
      for (const name of names) {
        await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
      }
      await admin.end();
      await server.stop();
    },
  };
}

/**
 * The real app (routing, auth, queries, JSON) over `url`, called in process with `app.handle`.
 * `nodeEnv` "production" measures what a deployment runs (no response validation, built pages).
 */
export function createBenchApp(
  url: string,
  nodeEnv: "test" | "production" = "test",
  env: Record<string, string> = {},
) {
  const client = connectDatabase(url);
  const config = loadConfig({
    NODE_ENV: nodeEnv,
    DATABASE_URL: url,
    JWT_SECRET: BENCH_JWT_SECRET,
    LOG_LEVEL: "silent",
    ...env,
  });
  const logger = createLogger("silent");
  const deps: AppDeps = {
    config,
    db: client.db,
    logger,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }),
    // Not started: the benchmarked calls queue no jobs, and one that did would fail loudly.
    // JOB_WORKERS=off: started, it queues jobs and runs none (a web replica beside workers).
    jobs: createJobQueue({ databaseUrl: url, logger, runWorkers: config.JOB_WORKERS === "on" }),
    jwtSecret: config.JWT_SECRET!,
    lifecycle: { accepting: true },
  };
  return { app: createApp(deps), deps, client };
}

/** The p-th percentile (0-100) of ascending `sorted` latencies; 0 when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** "p50   1.23 ms | p99   4.56 ms" for ascending latencies in milliseconds. */
export function formatLatency(sorted: number[]): string {
  const ms = (p: number) => percentile(sorted, p).toFixed(2).padStart(6);
  return `p50 ${ms(50)} ms | p99 ${ms(99)} ms`;
}

/** Runs `step` `warmup` times untimed, then `runs` times timed; returns the latencies, ascending. */
export async function timeSequential(
  runs: number,
  step: () => Promise<unknown>,
  warmup = 0,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await step();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await step();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}
