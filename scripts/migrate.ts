/**
 * `bun run db:migrate` and the Kubernetes migration Job: applies pending migrations to
 * DATABASE_URL under the same advisory lock the app takes at start-up, so it is safe to run
 * while replicas start. Exit codes: 0 done, 78 bad configuration, 1 migration failed.
 */
import { ConfigError, loadConfig } from "../src/config";
import { runMigrations } from "../src/lib/database/migrate";

try {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error("DATABASE_URL is required (the embedded database migrates itself when the app starts)");
    process.exit(78);
  }
  const startedAt = performance.now();
  await runMigrations(config.DATABASE_URL);
  console.log(`migrations applied in ${Math.round(performance.now() - startedAt)} ms`);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error("migration failed:", error instanceof Error ? error.message : error);
  process.exit(1);
}
