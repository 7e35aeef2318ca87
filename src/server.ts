import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createApp } from "./app";
import type { Config } from "./config";
import type { AppDeps } from "./deps";
import { ensureAdmin } from "./features/admin-bootstrap/service";
import { connectDatabase } from "./lib/database/client";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./lib/database/embedded";
import { runMigrations } from "./lib/database/migrate";
import { createLogger, type Logger } from "./lib/logger";
import { createMailer } from "./lib/mailer";

/** In development the JWT secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function resolveJwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const dir = resolve(config.DATA_DIR);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export type RunningServer = {
  url: string;
  deps: AppDeps;
  stop: () => Promise<void>;
};

/** Starts everything: database (embedded when no DATABASE_URL), migrations, admin, HTTP server. */
export async function startServer(
  config: Config,
  logger: Logger = createLogger(config.LOG_LEVEL),
): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    logger.info({ data_dir: config.DATA_DIR }, "no DATABASE_URL: starting the embedded PostgreSQL");
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      onLog: (message) => logger.debug({ postgres: message.trim() }, "embedded postgres"),
    });
    databaseUrl = embedded.url;
  }
  try {
    await runMigrations(databaseUrl);
    const client = connectDatabase(databaseUrl);
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
    const deps: AppDeps = {
      config,
      db: client.db,
      sql: client.sql,
      logger,
      mailer,
      jwtSecret: resolveJwtSecret(config),
      lifecycle: { accepting: true },
    };
    if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
      await ensureAdmin({
        db: client.db,
        logger,
        username: config.ADMIN_USERNAME,
        password: config.ADMIN_PASSWORD,
        email: config.ADMIN_EMAIL,
      });
    }
    const app = await createApp(deps);
    app.listen({ port: config.PORT, hostname: config.HOST });
    const url = `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${app.server?.port}`;
    logger.info({ url }, "ClubNica is listening");
    let stopping: Promise<void> | null = null;
    const stop = () => {
      stopping ??= (async () => {
        deps.lifecycle.accepting = false;
        await app.stop();
        mailer.close();
        await client.close();
        await embedded?.stop();
      })();
      return stopping;
    };
    return { url, deps, stop };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
