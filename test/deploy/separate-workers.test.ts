import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { jwt } from "@elysiajs/jwt";
import postgres from "postgres";
import { createTestDatabase, killAll, startAppProcess, TEST_JWT_SECRET } from "../app-process";
import { type MailCapture, startMailCapture } from "../mail-capture";
import { makeJobsDue, waitUntil } from "../wait";

setDefaultTimeout(90_000);

/**
 * Web replicas with JOB_WORKERS=off and a separate worker process (k8s/components/
 * separate-workers): the web process queues jobs and runs none; the worker runs them. Shown with
 * event reminders, a job queued by the web process's API, sent by real SMTP.
 */
const REMINDER_QUEUE = "event-reminders";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let mail: MailCapture;
let sql: postgres.Sql;

beforeAll(async () => {
  database = await createTestDatabase();
  mail = await startMailCapture();
  sql = postgres(database.url, { max: 2, onnotice: () => {} });
});

afterAll(async () => {
  await killAll();
  await sql.end();
  await mail.close();
  await database.drop();
});

async function createEvent(appUrl: string, going: string[]) {
  const [owner] = await sql<{ id: number; username: string }[]>`
    insert into users (username, password_hash, role) values ('teatro_owner', 'x', 'owner') returning id, username`;
  const [club] = await sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Teatro', 'En escena', ${owner!.id}) returning id`;
  const signer = jwt({ name: "jwt", secret: TEST_JWT_SECRET, exp: "1h" }).decorator.jwt;
  const token = await signer.sign({ sub: owner!.username, id: owner!.id, role: "owner", ver: 0 });
  const form = new FormData();
  form.set("club_id", String(club!.id));
  form.set("title", "Ensayo general");
  form.set("is_event", "true");
  form.set("event_date", new Date(Date.now() + 90 * 60_000).toISOString());
  const created = await fetch(`${appUrl}/api/posts`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  for (const [i, email] of going.entries()) {
    const [user] = await sql<{ id: number }[]>`
      insert into users (username, password_hash, email) values (${`actor${i}`}, 'x', ${email}) returning id`;
    await sql`insert into event_rsvps (post_id, user_id, status) values (${eventId}, ${user!.id}, 'going')`;
  }
  await sql`update posts set going_count = ${going.length} where id = ${eventId}`;
  return eventId;
}

async function reminderState(eventId: number) {
  const rows = await sql<{ state: string }[]>`
    select state from pgboss.job where name = ${REMINDER_QUEUE} and data->>'postId' = ${String(eventId)}`;
  return rows.map((r) => r.state);
}

test("a web process with JOB_WORKERS=off queues jobs and runs none; the worker process runs them", async () => {
  const env = {
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    SMTP_URL: mail.url,
    EVENT_REMINDER_LEAD: "1h",
    DEFAULT_LOCALE: "en",
  };
  const web = await startAppProcess({ env: { ...env, JOB_WORKERS: "off" }, timeoutMs: 60_000 });
  const going = ["ana@example.com", "beto@example.com", "carla@example.com"];
  const eventId = await createEvent(web.url, going);
  await waitUntil(
    "the reminder queued by the web process",
    async () => (await reminderState(eventId)).length === 1,
  );
  expect(await makeJobsDue(sql, REMINDER_QUEUE)).toBe(1);

  // A worker polls every 2 s: three polls' time later the due job is still waiting, untouched.
  await Bun.sleep(6_000);
  expect(await reminderState(eventId)).toEqual(["created"]);
  expect(mail.messages).toHaveLength(0);

  const worker = await startAppProcess({ env: { ...env, JOB_WORKERS: "on" }, timeoutMs: 60_000 });
  await waitUntil("every reminder", () => mail.messages.length >= going.length, { timeoutMs: 30_000 });
  expect(mail.messages.map((m) => m.to[0]).sort()).toEqual([...going].sort());
  await waitUntil("the job completed", async () => (await reminderState(eventId))[0] === "completed");
  // The log is written asynchronously: the worker's line may follow its mail by a moment.
  await waitUntil('the worker\'s "mail sent" line', () => worker.output().includes('"mail sent"'));
  expect(web.output()).not.toContain('"mail sent"');
});
