import { ConfigError, loadConfig } from "./config";
import { DataDirInUseError } from "./lib/database/embedded";
import { createLogger } from "./lib/logger";
import { startServer } from "./server";

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

const logger = createLogger(config.LOG_LEVEL);
try {
  const server = await startServer(config, logger);
  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down");
    await server.stop();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
} catch (error) {
  if (error instanceof DataDirInUseError) {
    logger.fatal(error.message);
    console.error(error.message);
    process.exit(73);
  }
  logger.fatal({ err: error }, "start-up failed");
  process.exit(1);
}
