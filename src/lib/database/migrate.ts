import { sql as statement } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { Database } from "./client";
import { expectedMigrationCount, migrationsFolder } from "./migration-journal";

// Any fixed 64-bit number works; every replica must use the same one.
const MIGRATION_LOCK_KEY = 727_274_001;

/**
 * Applies pending migrations under a session-level advisory lock, so replicas starting at once
 * run them one after another: the first applies them, the rest find nothing left to do.
 */
export async function runMigrations(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migrate(drizzle(sql), { migrationsFolder });
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** True when the database answers and every committed migration has been applied. */
export async function isMigrated(db: Pick<Database, "execute">): Promise<boolean> {
  const rows = await db.execute<{ count: number }>(statement`
    select count(*)::int as count from drizzle.__drizzle_migrations`);
  return (rows[0]?.count ?? 0) >= expectedMigrationCount();
}
