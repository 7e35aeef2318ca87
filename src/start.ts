import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./lib/logger";
import type { ServerEntry } from "./lib/runtime/server-bundle";
import { setDefaultLocale } from "./platform/locale/request-locale";
import { StartupError, startServer } from "./server";

/**
 * Reads the config, starts the server and handles signals. main.ts calls it, from the sources or
 * from the production bundle built from this file (scripts/build-server.ts).
 */
export async function start(entry: ServerEntry): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  // Work outside any request (jobs) uses DEFAULT_LOCALE; set here, once per process, since tests
  // start several servers in one process and each request carries its own app's default anyway.
  setDefaultLocale(config.DEFAULT_LOCALE);
  const logger = createLogger(config.LOG_LEVEL);
  logger.info({ runs: entry.kind, reason: entry.reason }, "starting");
  try {
    const server = await startServer(config, logger);
    let signals = 0;
    // The first SIGTERM/SIGINT drains and exits 0; a second one (impatient Ctrl-C) exits at once.
    const shutdown = (signal: string) => {
      signals += 1;
      if (signals > 1) process.exit(1);
      logger.info({ signal }, "shutting down");
      server.stop().then(
        () => process.exit(0),
        (error) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    };
    process.on("SIGTERM", () => shutdown("SIGTERM"));
    process.on("SIGINT", () => shutdown("SIGINT"));
  } catch (error) {
    if (error instanceof StartupError) {
      logger.fatal(error.message);
      console.error(error.message);
      process.exit(error.exitCode);
    }
    logger.fatal({ err: error }, "start-up failed");
    process.exit(1);
  }
}
