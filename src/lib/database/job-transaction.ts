import { sql } from "drizzle-orm";
import { type Db, fromDrizzle } from "pg-boss";
import type { Executor } from "./client";

/**
 * An open drizzle transaction (or the pool) as pg-boss's `db` option: pg-boss runs its insert
 * through it, so a job commits or rolls back with the caller's writes (pg-boss's own adapter).
 */
export function jobDatabaseOf(tx: Executor): Db {
  return fromDrizzle(tx, sql);
}
