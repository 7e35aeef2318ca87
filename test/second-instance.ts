import type { AppDeps } from "../src/deps";
import { startWorkers } from "../src/jobs";
import { connectAppDatabase } from "../src/lib/database/client";
import { startJobQueue } from "../src/lib/jobs/queue";
import { createLogger } from "../src/lib/logger";
import { createMailer } from "../src/lib/mailer";
import type { TestApp } from "./harness";

/**
 * A second app instance on the first one's database, as a second replica is: its own
 * connection pool, job queue (pg-boss, running every worker) and SMTP connection to the same
 * capture. For tests of work that must happen once across replicas.
 */
export async function startSecondInstance(first: TestApp) {
  const databaseUrl = first.deps.config.DATABASE_URL!;
  const logger = createLogger("silent");
  const client = connectAppDatabase(databaseUrl);
  const jobs = await startJobQueue({ databaseUrl, logger, pollingIntervalSeconds: 0.5 });
  const mailer = createMailer({
    smtpUrl: first.deps.config.SMTP_URL,
    from: first.deps.config.MAIL_FROM,
    logger,
  });
  const deps: AppDeps = {
    ...first.deps,
    db: client.db,
    liveDb: client.liveDb,
    logger,
    mailer,
    jobs,
    lifecycle: { accepting: true },
  };
  await startWorkers(deps);
  return {
    deps,
    close: async () => {
      await jobs.stop(2000);
      mailer.close();
      await client.close();
    },
  };
}

export type SecondInstance = Awaited<ReturnType<typeof startSecondInstance>>;
