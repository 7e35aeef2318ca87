import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { decryptPush, makeBrowserKeys } from "../../src/features/push/browser-keys.fixtures";
import { startAppProcess } from "../app-process";
import { waitUntil } from "../wait";
import { openJobs, type PushStack, startPushStack } from "./push-stack";

setDefaultTimeout(120_000);

/**
 * Durable side effects (issue 47): a write that must become a push queues its push job in its
 * own transaction. The app runs as a real process; it is killed with SIGKILL right after the
 * write's response (before any worker could take the job: it runs with JOB_WORKERS=off, as a web
 * replica), then started again with workers: the push reaches the local push service exactly
 * once. Before, the notice waited 200 ms in the process's memory and died with it.
 */
let stack: PushStack;

beforeAll(async () => {
  stack = await startPushStack();
});

afterAll(async () => {
  await stack.stop();
});

async function person(username: string, role = "member") {
  const [row] = await stack.sql<{ id: number }[]>`
    insert into users (username, password_hash, role, first_name, last_name)
    values (${username}, 'x', ${role}, ${username}, 'Prueba') returning id`;
  return { id: row!.id, token: await stack.tokenFor({ id: row!.id, username, role }) };
}

async function call(url: string, method: string, path: string, token: string, body: unknown) {
  return await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

test("a message's push survives a SIGKILL right after the response and is delivered once", async () => {
  const { sql, service, env } = stack;
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
    async () => (await openJobs(sql, ["notice-push", "push-send"])) === 0,
    { timeoutMs: 30_000 },
  );
  expect(service.received).toHaveLength(1);
  const [recorded] = await sql<{ n: number }[]>`select count(*)::int as n from push_deliveries`;
  expect(recorded!.n).toBe(1);
});
