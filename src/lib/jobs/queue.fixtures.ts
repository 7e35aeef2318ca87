import { PgBoss } from "pg-boss";

/** The schema pg-boss keeps its tables in (src/lib/jobs/queue.ts). */
const JOBS_SCHEMA = "pgboss";

/**
 * A pg-boss client of its own over a database's job tables, for tests that inspect or rearrange
 * them (schedules, waiting jobs, a queue's stored settings). The app's JobQueue keeps its pg-boss
 * private, so production code has only JobQueue's methods; this one runs no supervisor,
 * scheduler or worker and installs nothing (the JobQueue under test has).
 */
async function openJobTables(databaseUrl: string): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: JOBS_SCHEMA,
    max: 1,
    application_name: "clubnica-job-tables-fixture",
    migrate: false,
    supervise: false,
    schedule: false,
  });
  boss.on("error", () => {});
  await boss.start();
  return boss;
}

/** Lends `use` such a client, stopped once `use` settles. */
export async function withJobTables<T>(databaseUrl: string, use: (boss: PgBoss) => Promise<T>): Promise<T> {
  const boss = await openJobTables(databaseUrl);
  try {
    return await use(boss);
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}
