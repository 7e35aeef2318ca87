import type { Database } from "./client";

/**
 * Hot statements are built once per database handle with drizzle's `.prepare(name)` and
 * `sql.placeholder`, then executed by name: drizzle does not rebuild the SQL text on every call
 * (~100 µs for the feed statement) and postgres.js sends a named statement, so PostgreSQL parses
 * and plans it once per connection instead of once per request.
 * `key` names one statement shape (the variants of a query with optional filters each get one).
 */
const byDatabase = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: Database, key: string, build: () => T): T {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build();
    statements.set(key, statement);
  }
  return statement;
}
