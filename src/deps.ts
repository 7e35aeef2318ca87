import type { Config } from "./config";
import type { Database } from "./lib/database/client";
import type { JobQueue } from "./lib/jobs/queue";
import type { Logger } from "./lib/logger";
import type { Mailer } from "./lib/mailer";

/** What the app needs from the outside world; built by main.ts (or a test) and passed down. */
export type AppDeps = {
  config: Config;
  db: Database;
  /**
   * The live connection's own pool (lib/database/client.ts, connectAppDatabase), so its
   * deliveries never hold up a request; the requests' pool when absent.
   */
  liveDb?: Database;
  logger: Logger;
  mailer: Mailer;
  /** The PostgreSQL job queue (pg-boss): work that must outlive a request or a process. */
  jobs: JobQueue;
  jwtSecret: string;
  /** Flipped to false on SIGTERM so /readyz fails and the load balancer drains this pod. */
  lifecycle: { accepting: boolean };
};
