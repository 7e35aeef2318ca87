import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { APP_ROOT } from "../runtime/app-root";

/** The committed migrations (db/migrations) and drizzle-kit's journal of them. */
export const migrationsFolder = resolve(APP_ROOT, "db/migrations");

/** How many migrations the journal lists: a database with fewer applied is behind this code. */
export function expectedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8"));
  return (journal.entries as unknown[]).length;
}
