import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jwt } from "@elysiajs/jwt";
import postgres from "postgres";
import {
  makeTestCa,
  type PushService,
  startPushService,
} from "../../src/features/push/push-service.fixtures";
import { createTestDatabase, killAll, TEST_JWT_SECRET } from "../app-process";

/**
 * What the push tests that kill an app process share: a database of their own, a local push
 * service over TLS, and the environment an app process needs to send to it (its CA is read by
 * the child at start: docs/push.md). Each test then starts the processes it kills.
 */
export type PushStack = {
  sql: postgres.Sql;
  service: PushService;
  /** The app processes' environment: this database, pushes allowed to 127.0.0.1, its CA trusted. */
  env: Record<string, string>;
  /** A signed-in token for a row of `users`, as the app signs them. */
  tokenFor(user: { id: number; username: string; role: string }): Promise<string>;
  stop(): Promise<void>;
};

export async function startPushStack(options: { pushDelayMs?: number } = {}): Promise<PushStack> {
  const database = await createTestDatabase();
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  const tls = await makeTestCa();
  const service = await startPushService(tls, { delayMs: options.pushDelayMs ?? 0 });
  const caDir = mkdtempSync(join(tmpdir(), "push-stack-"));
  writeFileSync(join(caDir, "ca.pem"), tls.ca);
  const signer = jwt({ name: "jwt", secret: TEST_JWT_SECRET, exp: "1h" }).decorator.jwt;
  return {
    sql,
    service,
    env: {
      NODE_ENV: "test",
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      DEFAULT_LOCALE: "en",
      PUSH_ENDPOINT_ALLOWLIST: "127.0.0.1",
      NODE_EXTRA_CA_CERTS: join(caDir, "ca.pem"),
    },
    tokenFor: (user) => signer.sign({ sub: user.username, id: user.id, role: user.role, ver: 0 }),
    async stop() {
      await killAll();
      await sql.end();
      service.stop();
      rmSync(caDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

/** Jobs of these queues not yet completed (or failed for good). */
export async function openJobs(sql: postgres.Sql, names: string[]): Promise<number> {
  const [row] = await sql<{ open: number }[]>`
    select count(*)::int as open from pgboss.job where name = any(${names}) and state < 'completed'`;
  return row!.open;
}
