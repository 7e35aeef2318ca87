import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "../../../db/schema";

export type Database = PostgresJsDatabase<typeof schema>;
/** A database handle or an open transaction: queries accept either. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseClient = { db: Database; sql: postgres.Sql; close: () => Promise<void> };

export function connectDatabase(url: string, options: { max?: number } = {}): DatabaseClient {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // Idle connections are closed so a scaled-down deployment frees database slots.
    idle_timeout: 30,
    connection: { application_name: "clubnica" },
  });
  const db = drizzle(sql, { schema, casing: "snake_case" });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
