import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jwt } from "@elysiajs/jwt";
import postgres from "postgres";
import { decryptPush, makeBrowserKeys } from "../../src/features/push/browser-keys.fixtures";
import {
  makeTestCa,
  type PushService,
  startPushService,
} from "../../src/features/push/push-service.fixtures";
import { createTestDatabase, killAll, startAppProcess, TEST_JWT_SECRET } from "../app-process";
import { waitUntil } from "../wait";

setDefaultTimeout(120_000);

/**
 * Durable side effects (issue 47): a write that must become a push queues its push job in its
 * own transaction. The app runs as a real process; it is killed with SIGKILL right after the
 * write's response (before any worker could take the job: it runs with JOB_WORKERS=off, as a web
 * replica), then started again with workers: the push reaches the local push service exactly
 * once. Before, the notice waited 200 ms in the process's memory and died with it.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: postgres.Sql;
let service: PushService;
let caDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = postgres(database.url, { max: 2, onnotice: () => {} });
  const tls = await makeTestCa();
  service = await startPushService(tls);
  // Read by the child at start (docs/push.md): its sends trust the test push service's CA.
  caDir = mkdtempSync(join(tmpdir(), "push-kill-"));
  writeFileSync(join(caDir, "ca.pem"), tls.ca);
});

afterAll(async () => {
  await killAll();
  await sql.end();
  service.stop();
  rmSync(caDir, { recursive: true, force: true });
  await database.drop();
});

const signer = jwt({ name: "jwt", secret: TEST_JWT_SECRET, exp: "1h" }).decorator.jwt;

async function person(username: string, role = "member") {
  const [row] = await sql<{ id: number }[]>`
    insert into users (username, password_hash, role, first_name, last_name)
    values (${username}, 'x', ${role}, ${username}, 'Prueba') returning id`;
  const token = await signer.sign({ sub: username, id: row!.id, role, ver: 0 });
  return { id: row!.id, token };
}

async function call(url: string, method: string, path: string, token: string, body: unknown) {
  return await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

test("a message's push survives a SIGKILL right after the response and is delivered once", async () => {
  const env = {
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    DEFAULT_LOCALE: "en",
    PUSH_ENDPOINT_ALLOWLIST: "127.0.0.1",
    NODE_EXTRA_CA_CERTS: join(caDir, "ca.pem"),
  };
  const web = await startAppProcess({ env: { ...env, JOB_WORKERS: "off" }, timeoutMs: 60_000 });
  const sender = await person("remitente", "owner");
  const reader = await person("lectora");
  const [club] = await sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club de Lectura', 'd', ${sender.id}) returning id`;
  await sql`insert into club_members (club_id, user_id) values (${club!.id}, ${reader.id})`;
  const keys = makeBrowserKeys();
  const endpoint = `${service.origin}/push/${crypto.randomUUID()}`;
  const subscribed = await call(web.url, "POST", "/api/push/subscriptions", reader.token, {
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  expect(subscribed.status).toBe(201);
  // Whatever the hour in Managua, no quiet hours: the push goes out, not to the morning summary.
  const settings = await call(web.url, "PUT", "/api/users/me/notification-settings", reader.token, {
    quiet_hours: null,
  });
  expect(settings.status).toBe(200);

  const sent = await call(web.url, "POST", `/api/messages/user/${reader.id}`, sender.token, {
    content: "¿Nos vemos en la biblioteca?",
  });
  expect(sent.status).toBe(201);
  web.proc.kill("SIGKILL");
  expect(await web.waitForExit(10_000)).not.toBeNull();
  expect(service.received).toHaveLength(0);

  // The job was committed with the message; a process with workers delivers it.
  await startAppProcess({ env: { ...env, JOB_WORKERS: "on" }, timeoutMs: 60_000 });
  const push = await service.next(60_000);
  expect(push.path).toBe(new URL(endpoint).pathname);
  expect(JSON.parse(decryptPush(keys, push.body))).toMatchObject({
    kind: "direct_message",
    path: `/chat/user/${sender.id}`,
  });
  await waitUntil(
    "every notice-push and push-send job settled",
    async () => {
      const [row] = await sql<{ open: number }[]>`
        select count(*)::int as open from pgboss.job
        where name in ('notice-push', 'push-send') and state < 'completed'`;
      return row!.open === 0;
    },
    { timeoutMs: 30_000 },
  );
  expect(service.received).toHaveLength(1);
  const [recorded] = await sql<{ n: number }[]>`select count(*)::int as n from push_deliveries`;
  expect(recorded!.n).toBe(1);
});
