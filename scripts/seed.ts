/**
 * `bun run seed`: fills the database with demo data (see scripts/seed/run.ts and the README).
 * Connects like the app: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (stop the server
 * first: one process owns a DATA_DIR at a time). Applies pending migrations, then seeds once;
 * running it again changes nothing.
 */
import { ConfigError, loadConfig } from "../src/config";
import { connectDatabase } from "../src/lib/database/client";
import {
  DataDirInUseError,
  type EmbeddedDatabase,
  startEmbeddedPostgres,
} from "../src/lib/database/embedded";
import { runMigrations } from "../src/lib/database/migrate";
import { DEMO_ADMIN, DEMO_MEMBER, DEMO_OWNER, DEMO_PASSWORD, seedDemoData } from "./seed/run";

async function main(): Promise<number> {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    console.log(`No DATABASE_URL: starting the embedded PostgreSQL in ${config.DATA_DIR}`);
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR });
    url = embedded.url;
  }
  const client = connectDatabase(url, { max: 4 });
  try {
    await runMigrations(url);
    const result = await seedDemoData({ db: client.db, sql: client.sql, log: (m) => console.log(m) });
    if (!result.seeded) {
      console.log(`Nothing to do: ${result.reason}.`);
      return 0;
    }
    const summary = Object.entries(result.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ");
    console.log(`Seeded in ${(result.ms / 1000).toFixed(1)} s: ${summary}.`);
    console.log(`Log in as ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password} (admin),`);
    console.log(`${DEMO_OWNER} / ${DEMO_PASSWORD} (club owner), ${DEMO_MEMBER} / ${DEMO_PASSWORD} (member);`);
    console.log(`every other demo user also has the password ${DEMO_PASSWORD}.`);
    return 0;
  } finally {
    await client.close();
    await embedded?.stop();
  }
}

try {
  process.exit(await main());
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
}
